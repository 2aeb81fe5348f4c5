import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SignedRecord } from "@cryptos/contract";

/** The receipt key's file in the data folder when RECEIPT_KEY_FILE is not set (decision 145). */
export const RECEIPT_KEY_FILE_NAME = "receipt-key.pem";

/** Signs receipts and settlements with the server's Ed25519 receipt key; the private key never leaves this object. */
export interface ReceiptSigner {
  /** First 16 hex digits of the SHA-256 of the raw public key: what every signed payload names as `key`. */
  readonly keyId: string;
  /** The raw 32-byte public key, base64. */
  readonly publicKey: string;
  /** Signs the payload's UTF-8 bytes; the payload goes out exactly as signed. */
  sign(payload: string): SignedRecord;
}

const rawPublicKey = (key: KeyObject) =>
  Buffer.from(createPublicKey(key).export({ format: "jwk" }).x as string, "base64url");

function signerOf(privateKey: KeyObject): ReceiptSigner {
  const raw = rawPublicKey(privateKey);
  return {
    keyId: createHash("sha256").update(raw).digest("hex").slice(0, 16),
    publicKey: raw.toString("base64"),
    sign: (payload) => ({
      payload,
      signature: sign(null, Buffer.from(payload, "utf8"), privateKey).toString("base64"),
    }),
  };
}

function readKey(file: string): KeyObject {
  const mode = statSync(file).mode;
  if ((mode & 0o077) !== 0) {
    throw new Error(
      `receipt key ${file} is readable by group or others (mode ${(mode & 0o777).toString(8)}); ` +
        "make it readable by the server's user only: chmod 600 the file",
    );
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file, "utf8"));
  } catch {
    // The message never quotes the file's content.
    throw new Error(`receipt key ${file} does not hold a PEM private key`);
  }
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`receipt key ${file} is not an Ed25519 key`);
  return key;
}

/**
 * The receipt key from `file`, made there on first start (mode 600, created exclusively: instances starting together
 * on one shared file end up with the same key). A file others may read, or one without an Ed25519 key, stops the
 * start with its reason.
 */
export function loadReceiptKey(file: string): ReceiptSigner {
  try {
    return signerOf(readKey(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const { privateKey } = generateKeyPairSync("ed25519");
  try {
    writeFileSync(file, privateKey.export({ format: "pem", type: "pkcs8" }), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return signerOf(readKey(file));
}
