#!/usr/bin/env python3
"""Independent verifier of a stroke-triage audit export, written from the
byte layouts in docs/audit-format.md alone (no stroke-triage code).

Usage: Scripts/audit-verify-export.py EXPORT PUBLIC_KEY_FILE
Needs the `cryptography` package (pip install cryptography) for Ed25519.
Exit 0 when the export, its manifest, the signed head (version 2 manifests)
and every signature check out; 65 when the export or its chain is damaged or
an input is unreadable; 1 when the signed head disagrees; 64 on usage errors.
Every failure is one line on stderr, never a traceback.
"""
import base64
import binascii
import csv
import hashlib
import json
import struct
import sys

try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric import ed25519
except ImportError:
    print("error: the Python package 'cryptography' is needed (pip install cryptography)", file=sys.stderr)
    sys.exit(1)


class Failure(Exception):
    """One line for stderr and the exit code."""

    def __init__(self, message: str, code: int = 65):
        super().__init__(message)
        self.code = code


def load_key(path: str) -> ed25519.Ed25519PublicKey:
    try:
        with open(path, encoding="utf-8") as handle:
            raw = base64.b64decode(handle.read().strip(), validate=True)
        return ed25519.Ed25519PublicKey.from_public_bytes(raw)
    except OSError as error:
        raise Failure(f"error: cannot read the public key file {path}: {error.strerror}")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise Failure(f"error: {path} does not hold a base64 Ed25519 public key of 32 bytes")


def load_manifest(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as handle:
            manifest = json.load(handle)
    except OSError as error:
        raise Failure(f"error: cannot read the manifest {path}: {error.strerror}")
    except (ValueError, UnicodeDecodeError):
        raise Failure(f"error: the manifest {path} is not JSON")
    if not isinstance(manifest, dict) or manifest.get("format") != "stroke-triage-audit-export-manifest" \
            or manifest.get("version") not in (1, 2):
        raise Failure(f"error: {path} is not a stroke-triage export manifest (version 1 or 2)")
    return manifest


def check(key: ed25519.Ed25519PublicKey, signature_b64: str, message: bytes, what: str, code: int = 65) -> None:
    try:
        key.verify(base64.b64decode(signature_b64), message)
    except (InvalidSignature, ValueError, binascii.Error):
        raise Failure(f"export NOT intact: the {what} signature is invalid for this public key", code)


def main(export_path: str, key_path: str) -> int:
    public_key = load_key(key_path)
    manifest = load_manifest(export_path + ".manifest.json")
    checkpoint, records, head = manifest["checkpoint"], manifest["records"], manifest.get("head")
    head_hash = bytes.fromhex(checkpoint["headHash"])
    check(public_key, checkpoint["signature"], b"stroke-triage/audit/checkpoint/v1" + struct.pack(">Q", checkpoint["sequence"])
          + head_hash + struct.pack(">q", checkpoint["createdMs"]), "checkpoint")
    if manifest["version"] == 2:
        if not isinstance(head, dict):
            raise Failure("error: a version 2 manifest must carry the signed head")
        log_id = bytes.fromhex(head["logId"])
        check(public_key, head["signature"], b"stroke-triage/audit/head/v1" + log_id + struct.pack(">Q", head["sequence"])
              + bytes.fromhex(head["chainHash"]) + struct.pack(">QQq", head["erasedKeys"], head["keyEpoch"], head["timeMs"]),
              "head", code=1)
        if base64.b64decode(head["publicKey"]) != public_key.public_bytes_raw():
            raise Failure("export NOT intact: the head is signed by another key", 1)
        if head["sequence"] != checkpoint["sequence"] or bytes.fromhex(head["chainHash"]) != head_hash:
            raise Failure("export NOT intact: the signed head differs from the checkpoint", 1)
    try:
        with open(export_path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise Failure(f"error: cannot read the export {export_path}: {error.strerror}")
    digest = hashlib.sha256(data).digest()
    if digest.hex() != manifest["sha256"]:
        raise Failure("export NOT intact: the export's SHA-256 differs from the manifest")
    body = digest + struct.pack(">QQ", records["first"], records["last"]) + bytes.fromhex(records["firstPrevHash"]) \
        + bytes.fromhex(records["lastHash"]) + struct.pack(">Q", checkpoint["sequence"]) + head_hash
    if manifest["version"] == 2:
        message = b"stroke-triage/audit/export/v2" + body + log_id + base64.b64decode(head["signature"])
    else:
        message = b"stroke-triage/audit/export/v1" + body
    check(public_key, manifest["exportSignature"], message, "export")
    lines = data.decode("utf-8").splitlines()
    rows = csv.DictReader(lines) if manifest["exportFormat"] == "csv" else (json.loads(line) for line in lines if line)
    previous, expected, count = bytes.fromhex(records["firstPrevHash"]), records["first"], 0
    for row in rows:
        sequence, timestamp, kind = int(row["sequence"]), int(row["timestamp"]), row["type"].encode("utf-8")
        ciphertext = base64.b64decode(row["ciphertext"])
        if sequence != expected:
            raise Failure(f"export NOT intact: sequence {expected}: missing or out of order")
        if bytes.fromhex(row["prevHash"]) != previous:
            raise Failure(f"export NOT intact: sequence {sequence}: previous hash does not link")
        digest = hashlib.sha256(struct.pack(">Qq", sequence, timestamp) + struct.pack(">H", len(kind)) + kind
                                + struct.pack(">I", len(ciphertext)) + ciphertext + previous).digest()
        if digest.hex() != row["hash"]:
            raise Failure(f"export NOT intact: sequence {sequence}: hash does not match")
        if sequence == checkpoint["sequence"] and digest != head_hash:
            raise Failure(f"export NOT intact: sequence {sequence}: differs from the signed checkpoint")
        previous, expected, count = digest, expected + 1, count + 1
    if count != records["count"] or (count and (expected - 1 != records["last"] or previous.hex() != records["lastHash"])):
        raise Failure(f"export NOT intact: sequence {expected}: records missing at the end", 1)
    signed = f", log {head['logId']} head at {head['sequence']} signed" if head else ""
    print(f"export intact: {count} records, checkpoint at {checkpoint['sequence']} signed{signed}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: audit-verify-export.py EXPORT PUBLIC_KEY_FILE", file=sys.stderr)
        sys.exit(64)
    try:
        sys.exit(main(sys.argv[1], sys.argv[2]))
    except Failure as failure:
        print(str(failure), file=sys.stderr)
        sys.exit(failure.code)
    except (KeyError, TypeError, ValueError, binascii.Error) as error:
        print(f"error: the manifest or export is malformed ({type(error).__name__}: {error})", file=sys.stderr)
        sys.exit(65)
