"""Peer for tests/cross/ots_vs_python.rs: python-opentimestamps reads what the Rust side sends.

stdin: one JSON object per line: {"id": .., "kind": "detached"|"timestamp"|"attestation",
"hex": <input>, "msg_hex": <message, for "timestamp">}, or {"id": .., "kind": "ots_info",
"path": <file>}: what the `ots info` command (otsclient.cmds.info_command) prints for it, or
{"id": .., "kind": "stamp", "digests": [hex], "nonces": [hex], "uri": ..}: the .ots files
`ots stamp` writes for those sha256 digests with those nonces once a calendar at `uri`
answers the merkle tip with a pending attestation.
stdout: one JSON object per line: {"id", "error": <exception class name or null>,
"reserialized": hex, "attestations": sorted ["<repr>|<commitment hex>"], "info": <what
`ots info` prints for a detached file, or str_tree() of a timestamp>}.
"""
import argparse
import contextlib
import io
import json
import sys
import warnings

from otsclient.cmds import info_command

from opentimestamps.core.notary import PendingAttestation, TimeAttestation
from opentimestamps.core.op import OpAppend, OpSHA256
from opentimestamps.core.serialize import BytesDeserializationContext, BytesSerializationContext
from opentimestamps.core.timestamp import DetachedTimestampFile, Timestamp, make_merkle_tree

warnings.simplefilter("ignore")  # OpReverse's PendingDeprecationWarning
sys.setrecursionlimit(10000)


def facts(stamp):
    return sorted("%r|%s" % (att, msg.hex()) for msg, att in stamp.all_attestations())


def ots_info(req):
    out = io.StringIO()
    with open(req["path"], "rb") as fd, contextlib.redirect_stdout(out):
        info_command(argparse.Namespace(file=fd, verbosity=0))
    return {"id": req["id"], "info": out.getvalue()}


def stamp_files(req):
    """The steps of otsclient.cmds.stamp_command, with given nonces instead of os.urandom."""
    files, roots = [], []
    for digest, nonce in zip(req["digests"], req["nonces"]):
        f = DetachedTimestampFile(OpSHA256(), Timestamp(bytes.fromhex(digest)))
        roots.append(f.timestamp.ops.add(OpAppend(bytes.fromhex(nonce))).ops.add(OpSHA256()))
        files.append(f)
    tip = make_merkle_tree(roots)
    tip.attestations.add(PendingAttestation(req["uri"]))
    out = []
    for f in files:
        w = BytesSerializationContext()
        f.serialize(w)
        out.append(w.getbytes().hex())
    return {"id": req["id"], "tip": tip.msg.hex(), "files": out}


def handle(req):
    if req["kind"] == "ots_info":
        return ots_info(req)
    if req["kind"] == "stamp":
        return stamp_files(req)
    data = bytes.fromhex(req["hex"])
    ctx = BytesDeserializationContext(data)
    out = {"id": req["id"], "error": None}
    try:
        kind = req["kind"]
        if kind == "detached":
            obj = DetachedTimestampFile.deserialize(ctx)
            stamp = obj.timestamp
            name = getattr(obj.file_hash_op, "HASHLIB_NAME", obj.file_hash_op.TAG_NAME)
            out["info"] = "File %s hash: %s\nTimestamp:\n%s\n" % (name, obj.file_digest.hex(), stamp.str_tree())
        elif kind == "timestamp":
            obj = Timestamp.deserialize(ctx, bytes.fromhex(req["msg_hex"]))
            ctx.assert_eof()
            stamp = obj
            out["info"] = stamp.str_tree()
        else:
            obj = TimeAttestation.deserialize(ctx)
            ctx.assert_eof()
            stamp = None
            out["info"] = repr(obj)
        w = BytesSerializationContext()
        obj.serialize(w)
        out["reserialized"] = w.getbytes().hex()
        out["attestations"] = facts(stamp) if stamp is not None else []
    except Exception as exc:  # the class name is what is compared
        out["error"] = type(exc).__name__
        out["message"] = str(exc)[:200]
    return out


def main():
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(handle(json.loads(line))) + "\n")


if __name__ == "__main__":
    main()
