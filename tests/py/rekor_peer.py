"""Independent Rekor v1 entry check (peer of sealbook-core's core::rekor), written from the
specs, not from the Rust code: RFC 6962 leaf hash, RFC 9162 inclusion proof by the
inner/border decomposition (as sigstore-python does it), checkpoint signed note, and the signed
entry timestamp over the RFC 8785 canonical payload (json.dumps with sorted keys and compact
separators is JCS for these fields).

Usage: rekor_peer.py <entry.json> <log.pub> [<expected sha256 hex>]; prints one JSON object of
check name -> true/false (null when not applicable).
"""
import base64
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec


def node(left, right):
    return hashlib.sha256(b"\x01" + left + right).digest()


def inclusion_root(index, size, leaf, proof):
    inner = (index ^ (size - 1)).bit_length()
    border = bin(index >> inner).count("1")
    if len(proof) != inner + border:
        return None
    h = leaf
    for i, p in enumerate(proof[:inner]):
        h = node(p, h) if (index >> i) & 1 else node(h, p)
    for p in proof[inner:]:
        h = node(p, h)
    return h


def verify(key, sig, message):
    try:
        key.verify(sig, message, ec.ECDSA(hashes.SHA256()))
        return True
    except InvalidSignature:
        return False


def main():
    entry = json.load(open(sys.argv[1]))
    pem = open(sys.argv[2], "rb").read()
    key = serialization.load_pem_public_key(pem)
    spki = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    uuid = None
    if "body" not in entry:
        (uuid, entry), = entry.items()
    body = base64.b64decode(entry["body"])
    leaf = hashlib.sha256(b"\x00" + body).digest()
    out = {}
    spec = json.loads(body)["spec"]["data"]["hash"]
    out["body_hash"] = (spec["algorithm"] == "sha256" and spec["value"] == sys.argv[3]) if len(sys.argv) > 3 else None
    out["entry_uuid"] = uuid.endswith(leaf.hex()) if uuid else None
    out["log_id"] = entry["logID"] == hashlib.sha256(spki).hexdigest()
    proof = entry["verification"]["inclusionProof"]
    root = bytes.fromhex(proof["rootHash"])
    got = inclusion_root(proof["logIndex"], proof["treeSize"], leaf, [bytes.fromhex(h) for h in proof["hashes"]])
    out["inclusion_proof"] = got == root
    text = proof["checkpoint"]
    signed, sigs = text.split("\n\n", 1)
    lines = signed.split("\n")
    ok = int(lines[1]) == proof["treeSize"] and base64.b64decode(lines[2]) == root
    hint = hashlib.sha256(spki).digest()[:4]
    sig_ok = False
    for line in sigs.strip("\n").split("\n"):
        raw = base64.b64decode(line.rsplit(" ", 1)[1])
        if raw[:4] == hint:
            sig_ok = verify(key, raw[4:], (signed + "\n").encode())
    out["checkpoint"] = ok and sig_ok
    payload = json.dumps(
        {"body": entry["body"], "integratedTime": entry["integratedTime"], "logID": entry["logID"], "logIndex": entry["logIndex"]},
        sort_keys=True,
        separators=(",", ":"),
    ).encode()
    # An entry without a SET (production Rekor returns such entries): not applicable, the
    # checkpoint alone proves inclusion and integratedTime is unsigned.
    set_b64 = entry["verification"].get("signedEntryTimestamp")
    out["signed_entry_timestamp"] = None if set_b64 is None else verify(key, base64.b64decode(set_b64), payload)
    print(json.dumps(out, sort_keys=True))


main()
