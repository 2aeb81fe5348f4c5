/**
 * Live prices over WebSocket at `/ws` (same origin as the API; `ws:` or `wss:` to match the page).
 *
 * The client sends `subscribe` with the pair ids it shows and receives `ticks` messages: each carries the new
 * recorded prices of those pairs from one batch of the feed (one per pair at most), in recording order per pair.
 * Each tick also carries its `id` and `hash` in the public tick log: the pair's chain head, which a client may keep
 * as a witness and later compare with `/api/index/ticks` (a log rewritten since would no longer hold that hash).
 * One frame per batch rather than one per tick keeps fan-out to thousands of clients cheap for both ends. `unsubscribe` stops them; subscriptions are
 * per connection and do not survive it.
 *
 * Reconnecting is the client's job: when the socket closes for any reason (server restart, deploy, network,
 * the server dropping a dead or too slow client), reconnect with exponential backoff (1 s doubling to 30 s,
 * with jitter, reset after a connection has stayed up for a while), send `subscribe` again for the pairs on
 * screen, and refresh prices once over HTTP (`listPairs` / `getCandles`), because ticks sent while the socket
 * was down are not replayed.
 *
 * Heartbeat: the server sends a WebSocket ping every `WS_HEARTBEAT_MS` and closes a connection that has not
 * answered the previous one (browsers answer pings by themselves). A client that wants to detect a dead server
 * can send `{"op":"ping"}` and expect `{"type":"pong"}`.
 *
 * Events of the signed-in user: the client sends `{"op":"auth","token":…}` with its session token (the same one
 * the HTTP API takes; `null` when signed out) after each (re)connect and whenever the token changes, and the
 * server answers `{"type":"authed","signed_in":…}`. An unknown, expired or revoked token just answers
 * `signed_in: false`; the connection stays open for prices. From then on the server sends
 * `{"type":"event","topic":…}` when something of that user changed, after the change is committed:
 * `messages` when a personal message arrives for them or an announcement or notice is published for everyone;
 * `price_alerts` when one of their price alerts fired (read `/api/user/alerts` with status `triggered`);
 * `deposits` when one of their deposits was submitted, gained confirmations, was credited or rejected (`listDeposits`);
 * `withdrawals` when one of their withdrawals was requested, reviewed, signed, confirmed or finished (`listWithdrawals`);
 * `balances` when their balances changed by a deposit or withdrawal (`getUserInfo`).
 * An event carries no data: it only says which calls to read again over HTTP (`messages`: `countUnreadMessages`, the message
 * lists). The server checks the session again before each event it sends: once the session has ended (logout, the
 * user signing other sessions out, a password change or reset, expiry; on any instance) the socket gets
 * `{"type":"unauthed"}` instead, once, and no more events until it sends `auth` again. Events sent while the
 * socket was down are not replayed: after reconnecting, read those calls once more.
 *
 * Limits (the server's settings): sockets per client address and in all are capped, and an upgrade over a cap is
 * answered with HTTP 429 (the address's) or 503 (the server's) instead of 101, which a browser sees as a failed
 * socket: back off and retry. Every message counts against the client address's budget; once it is spent the
 * socket gets an `error` and is closed with code 1008, reason "too many messages". A socket that lets 1 MB of the
 * server's frames pile up unread is dropped.
 */
export const WS_PATH = "/ws";
export const WS_HEARTBEAT_MS = 30_000;
/** At most this many pair ids per connection; more are refused with an `error` message. */
export const WS_MAX_SUBSCRIPTIONS = 200;
/** What changed for the user; the client reads the matching calls again. */
export const WS_EVENT_TOPICS = ["messages", "price_alerts", "deposits", "withdrawals", "balances"] as const;
