import type { MessageKey, MessageParams } from "../i18n/translate";

/**
 * A request the server refuses for a reason the user can act on. It becomes `{code, msg}` with the message in
 * the request's language; by default `code: 0` over HTTP 200, as the spec's client reads the code, not the status.
 */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly httpStatus = 200,
    readonly code = 0,
    /** Machine-readable detail for the client beside the message, sent as the envelope's `data`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(key);
    this.name = "Refusal";
  }
}

export class Unauthorized extends Refusal {
  constructor(key: MessageKey = "unauthorized") {
    super(key, {}, 401, 401);
    this.name = "Unauthorized";
  }
}

export const refuse = (key: MessageKey, params?: MessageParams): never => {
  throw new Refusal(key, params);
};
