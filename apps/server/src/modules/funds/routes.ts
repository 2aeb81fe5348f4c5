import { calls, UPLOAD_MAX_BYTES } from "@cryptos/contract";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { contractRoute } from "../../http/contract-route";
import { Refusal } from "../../lib/errors";
import type { ModuleContext } from "../context";
import { FILE_ROUTE, type FileReader, UploadsService } from "./uploads";

const MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 1024 };
const TOO_MANY = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/** The multipart parser's errors, as refusals the user can act on (limits: HTTP 413, decisions 001). */
function uploadRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new Refusal("upload_too_large", { max: "10 MB" }, 413);
  if (typeof code === "string" && TOO_MANY.has(code)) return new Refusal("upload_one_file", {}, 413);
  if (error instanceof Refusal) return error;
  // Anything else the parser throws comes from a malformed body (a truncated part, a wrong boundary).
  return new Refusal("upload_missing_file", {}, 400);
}

/** Who may be reading a file: the bearer of a token (owner or operator) and/or a signed URL. */
async function fileReaders(request: FastifyRequest, ctx: ModuleContext): Promise<FileReader[]> {
  const readers: FileReader[] = [];
  const token = request.bearerToken;
  if (token) {
    const operator = await ctx.routes.resolveOperator(token);
    if (operator) readers.push({ operatorId: operator.operatorId });
    else {
      const caller = await ctx.routes.resolveSession(token);
      if (caller) readers.push({ userId: caller.userId });
    }
  }
  const { exp, sig } = (request.query ?? {}) as { exp?: unknown; sig?: unknown };
  if (typeof exp === "string" && typeof sig === "string") readers.push({ signature: { exp, sig } });
  return readers;
}

export function fundsRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { deposits, withdrawals, exchange, fundsSettings, uploads, accounts } = ctx.services;
  /** The request's language and the browser's time zone (`tz` header), for the mails of this money (decision 119). */
  const rememberPreferences = (userId: number, request: FastifyRequest) => {
    const tz = request.headers.tz;
    return accounts.rememberPreferences(userId, request.locale, typeof tz === "string" ? tz : undefined);
  };

  // Uploads: multipart is parsed only inside this scope, with its limits; every other route stays JSON-only.
  ctx.routes.implemented.add(calls.upload.path);
  app.register(async (scope) => {
    // preservePath: see the client's file name as sent, so that a name with a path in it is refused, not trimmed.
    await scope.register(multipart, { limits: MULTIPART_LIMITS, preservePath: true });
    contractRoute(scope, ctx.routes, calls.upload, async ({ caller, request }) => {
      if (!request.isMultipart()) throw new Refusal("upload_missing_file", {}, 415);
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts({ limits: MULTIPART_LIMITS, preservePath: true })) {
          if (part.type !== "file") continue;
          if (part.fieldname !== "file") throw new Refusal("upload_missing_file");
          if (bytes) throw new Refusal("upload_one_file");
          UploadsService.checkClientName(part.filename);
          bytes = await part.toBuffer();
        }
      } catch (error) {
        throw uploadRefusal(error);
      }
      if (!bytes) throw new Refusal("upload_missing_file");
      return uploads.store(caller!.userId, bytes);
    });
  });

  // The bytes of an upload, for its owner and operators only; anyone else gets the same 404 as for no file.
  app.get<{ Params: { id: string } }>(FILE_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    if (id > 0) {
      for (const reader of await fileReaders(request, ctx)) {
        // An operator's read is audited (decision 099); an owner's or a signed URL's is not.
        const file =
          "operatorId" in reader
            ? await ctx.services.console.file({ operatorId: reader.operatorId, ip: request.ip }, id)
            : await uploads.read(id, reader);
        if (!file) continue;
        return reply
          .header("content-type", file.mime)
          .header("content-length", file.bytes.length)
          .header("cache-control", "private, max-age=300")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("x-content-type-options", "nosniff")
          .header("cross-origin-resource-policy", "same-origin")
          .header("content-disposition", "inline")
          .send(file.bytes);
      }
    }
    return reply.callNotFound();
  });

  // Deposits
  contractRoute(app, ctx.routes, calls.listDepositChannels, async ({ caller, request }) => {
    // An on-chain deposit is credited later with no request of the user's: its mail reads what this one says.
    await rememberPreferences(caller!.userId, request);
    return { items: await deposits.channels(caller!.userId) };
  });
  contractRoute(app, ctx.routes, calls.submitDeposit, async ({ caller, body, request }) => {
    await rememberPreferences(caller!.userId, request);
    return deposits.submitDeposit(caller!.userId, body);
  });
  contractRoute(app, ctx.routes, calls.listDeposits, async ({ caller, query }) =>
    deposits.deposits({ userId: caller!.userId }, query.page, query.list),
  );

  // Withdrawals
  contractRoute(app, ctx.routes, calls.getWithdrawalOptions, async ({ caller, body }) =>
    withdrawals.withdrawInfo(caller!.userId, body.currency),
  );
  contractRoute(app, ctx.routes, calls.requestWithdrawal, async ({ caller, body, request }) => {
    await rememberPreferences(caller!.userId, request);
    return withdrawals.requestWithdrawal(caller!.userId, body);
  });
  contractRoute(app, ctx.routes, calls.listWithdrawals, async ({ caller, query }) =>
    withdrawals.withdrawals({ userId: caller!.userId }, query.page, query.list),
  );

  // Exchange
  contractRoute(app, ctx.routes, calls.quoteExchange, async ({ caller, body }) =>
    exchange.quoteExchange(caller!.userId, body),
  );
  contractRoute(app, ctx.routes, calls.exchange, async ({ caller, body }) =>
    exchange.executeExchange(caller!.userId, body.quote_id),
  );
  contractRoute(app, ctx.routes, calls.listExchanges, async ({ caller, query }) =>
    exchange.exchanges(caller!.userId, query.page, query.list),
  );

  // Operators
  contractRoute(app, ctx.routes, calls.adminRechargeList, ({ query, body, operator, request }) =>
    ctx.services.console.deposits(
      { operatorId: operator!.operatorId, ip: request.ip },
      { userId: body.uid, status: body.status },
      query.page,
      query.list,
    ),
  );
  contractRoute(app, ctx.routes, calls.adminRechargeReview, async ({ operator, body, request }) =>
    deposits.reviewDeposit({ operatorId: operator!.operatorId, ip: request.ip, ...body }),
  );
  contractRoute(app, ctx.routes, calls.adminWithdrawList, ({ query, body, operator, request }) =>
    ctx.services.console.withdrawals(
      { operatorId: operator!.operatorId, ip: request.ip },
      { userId: body.uid, status: body.status },
      query.page,
      query.list,
    ),
  );
  contractRoute(app, ctx.routes, calls.adminWithdrawReview, async ({ operator, body, request }) =>
    withdrawals.reviewWithdrawal({
      operatorId: operator!.operatorId,
      ip: request.ip,
      id: body.id,
      action: body.action,
      reason: body.reason,
      txHash: body.tx_hash,
    }),
  );
  contractRoute(app, ctx.routes, calls.adminChannelsList, async () => ({ items: await deposits.adminChannels() }));
  contractRoute(app, ctx.routes, calls.adminChannelsSave, async ({ operator, body, request }) =>
    deposits.saveChannel(operator!.operatorId, request.ip, body),
  );
  contractRoute(app, ctx.routes, calls.adminWithdrawNetworksList, async () => ({
    items: await withdrawals.adminWithdrawNetworks(),
  }));
  contractRoute(app, ctx.routes, calls.adminWithdrawNetworksSave, async ({ operator, body, request }) =>
    withdrawals.saveWithdrawNetwork(operator!.operatorId, request.ip, body),
  );
  contractRoute(app, ctx.routes, calls.adminFundsSettings, async ({ operator, body, request }) =>
    body.exchange_fee_rate === undefined && body.withdraw_requires_real_name === undefined
      ? fundsSettings.settings()
      : fundsSettings.saveSettings(operator!.operatorId, request.ip, body),
  );
}
