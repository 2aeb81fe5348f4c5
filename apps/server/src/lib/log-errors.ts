/** A failed query's SQL is kept to this many characters: a multi-row insert's placeholders run to pages. */
const QUERY_CHARS = 300;

export interface LoggedError {
  type: string;
  message: string;
  code?: unknown;
  stack?: string;
  cause?: LoggedError | string;
}

/**
 * The logger's `err` serializer (decision 166). A query that fails is logged by its SQL and its driver's error,
 * never its parameters: those are the row being written (an email, a password hash, a whole batch of candles), which
 * would put secrets in the log and, at thousands of characters a line, bury the line that says what went wrong.
 */
export function serializeError(error: unknown): LoggedError | unknown {
  return error instanceof Error ? logged(error, 0) : error;
}

function logged(error: Error, depth: number): LoggedError {
  const { code, cause } = error as Error & { code?: unknown };
  const message = isDrizzleQueryError(error)
    ? `Failed query: ${clip(error.query)} (parameters not logged)`
    : error.message;
  // A stack starts with the message again: the parameters would be back in it.
  const stack = error.stack
    ?.split("\n")
    .filter((line) => line.startsWith("    at "))
    .join("\n");
  return {
    type: error.name,
    message,
    ...(code === undefined ? {} : { code }),
    ...(stack ? { stack: `${error.name}: ${message}\n${stack}` } : {}),
    ...(cause === undefined
      ? {}
      : { cause: cause instanceof Error && depth < 4 ? logged(cause, depth + 1) : String(cause) }),
  };
}

/**
 * drizzle's DrizzleQueryError, known by its fields and message (only repositories import drizzle, decision 127).
 * PGlite's own errors carry `query` and `params` too, but their message is the database's alone.
 */
function isDrizzleQueryError(error: Error): error is Error & { query: string } {
  return typeof (error as { query?: unknown }).query === "string" && error.message.startsWith("Failed query: ");
}

function clip(text: string): string {
  return text.length <= QUERY_CHARS ? text : `${text.slice(0, QUERY_CHARS)}… (${text.length} characters)`;
}
