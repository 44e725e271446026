"""sigstore-python (the `sigstore` package pinned in requirements.txt) as an offline peer for
`sealbook rekor verify` on Sigstore bundles.

Usage: sigstore_peer.py BUNDLE ARTIFACT TRUSTED_ROOT IDENTITY ISSUER

Wraps the trusted root in a client trust configuration (no service URLs), runs sigstore's own
`verify identity --offline` against it with HOME in a fresh directory (no TUF cache, no
network), and prints one line: `ok` when sigstore-python accepts the bundle for the artifact,
`fail` when it refuses it. Exit 0 either way; another exit means the peer itself broke.
"""

import json
import os
import subprocess
import sys
import tempfile


def main() -> int:
    bundle, artifact, root, identity, issuer = sys.argv[1:6]
    with open(root, encoding="utf-8") as f:
        trusted_root = json.load(f)
    config = {
        "mediaType": "application/vnd.dev.sigstore.clienttrustconfig.v0.1+json",
        "trustedRoot": trusted_root,
        "signingConfig": {
            "mediaType": "application/vnd.dev.sigstore.signingconfig.v0.2+json",
            "caUrls": [],
            "oidcUrls": [],
            "rekorTlogUrls": [],
            "tsaUrls": [],
            "rekorTlogConfig": {"selector": "ANY"},
            "tsaConfig": {"selector": "ANY"},
        },
    }
    with tempfile.TemporaryDirectory() as home:
        cfg = os.path.join(home, "trust-config.json")
        with open(cfg, "w", encoding="utf-8") as f:
            json.dump(config, f)
        env = dict(os.environ, HOME=home, XDG_CACHE_HOME=home, XDG_DATA_HOME=home)
        r = subprocess.run(
            [
                sys.executable, "-m", "sigstore", "--trust-config", cfg,
                "verify", "identity", "--offline", "--bundle", bundle,
                "--cert-identity", identity, "--cert-oidc-issuer", issuer, artifact,
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    out = r.stdout + r.stderr
    if r.returncode == 0 and "OK:" in out:
        print("ok")
    elif r.returncode == 1:
        print("fail")
    else:
        sys.stderr.write(out)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
