#!/usr/bin/env python3
"""Independent verifier of a stroke-triage audit export, written from the
README's description of the format alone (no stroke-triage code).

Usage: Scripts/audit-verify-export.py EXPORT PUBLIC_KEY_FILE
Needs the `cryptography` package (pip install cryptography) for Ed25519.
Exit 0 when the export, its manifest and both signatures check out.
"""
import base64
import csv
import hashlib
import json
import struct
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import ed25519


def main(export_path: str, key_path: str) -> int:
    public_key = ed25519.Ed25519PublicKey.from_public_bytes(base64.b64decode(open(key_path).read().strip()))
    manifest = json.load(open(export_path + ".manifest.json"))
    checkpoint, records = manifest["checkpoint"], manifest["records"]
    head_hash = bytes.fromhex(checkpoint["headHash"])
    public_key.verify(base64.b64decode(checkpoint["signature"]),
                      b"stroke-triage/audit/checkpoint/v1" + struct.pack(">Q", checkpoint["sequence"]) + head_hash
                      + struct.pack(">q", checkpoint["createdMs"]))
    data = open(export_path, "rb").read()
    digest = hashlib.sha256(data).digest()
    if digest.hex() != manifest["sha256"]:
        return fail("the export's SHA-256 differs from the manifest")
    public_key.verify(base64.b64decode(manifest["exportSignature"]),
                      b"stroke-triage/audit/export/v1" + digest + struct.pack(">QQ", records["first"], records["last"])
                      + bytes.fromhex(records["firstPrevHash"]) + bytes.fromhex(records["lastHash"])
                      + struct.pack(">Q", checkpoint["sequence"]) + head_hash)
    lines = data.decode("utf-8").splitlines()
    rows = csv.DictReader(lines) if manifest["exportFormat"] == "csv" else (json.loads(line) for line in lines if line)
    previous, expected, count = bytes.fromhex(records["firstPrevHash"]), records["first"], 0
    for row in rows:
        sequence, timestamp, kind = int(row["sequence"]), int(row["timestamp"]), row["type"].encode("utf-8")
        ciphertext = base64.b64decode(row["ciphertext"])
        if sequence != expected:
            return fail(f"sequence {expected}: missing or out of order")
        if bytes.fromhex(row["prevHash"]) != previous:
            return fail(f"sequence {sequence}: previous hash does not link")
        digest = hashlib.sha256(struct.pack(">Qq", sequence, timestamp) + struct.pack(">H", len(kind)) + kind
                                + struct.pack(">I", len(ciphertext)) + ciphertext + previous).digest()
        if digest.hex() != row["hash"]:
            return fail(f"sequence {sequence}: hash does not match")
        if sequence == checkpoint["sequence"] and digest != head_hash:
            return fail(f"sequence {sequence}: differs from the signed checkpoint")
        previous, expected, count = digest, expected + 1, count + 1
    if count != records["count"] or (count and (expected - 1 != records["last"] or previous.hex() != records["lastHash"])):
        return fail(f"sequence {expected}: records missing at the end")
    print(f"export intact: {count} records, checkpoint at {checkpoint['sequence']} signed")
    return 0


def fail(reason: str) -> int:
    print("export NOT intact: " + reason, file=sys.stderr)
    return 65


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1], sys.argv[2]))
    except InvalidSignature:
        sys.exit(fail("a signature is invalid for this public key"))
