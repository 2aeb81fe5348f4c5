import type { z } from "zod";

export type HttpMethod = "GET" | "POST";
/** none: public; optional: personalised when a token is sent; user: a live user session; operator: the console. */
export type AuthLevel = "none" | "optional" | "user" | "operator";

export interface CallDef<
  Q extends z.ZodObject = z.ZodObject,
  B extends z.ZodObject = z.ZodObject,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  auth: AuthLevel;
  summary: string;
  query?: Q;
  body?: B;
  /** The envelope's `data` on success. */
  data: D;
  /** multipart/form-data instead of JSON (uploads). */
  multipart?: boolean;
  /**
   * Bytes of JSON body the call accepts, for the few whose body can be long (operator-written text in every
   * language). The server's default for a call with a body is 64 KB; a call without one accepts only `{}`.
   */
  bodyLimit?: number;
  /**
   * The call may answer 503 with its usual envelope and `data` (readiness: the part that fails is in the data);
   * says when. Other calls never answer 503 from their handler.
   */
  unavailableWhen?: string;
}

export const defineCall = <Q extends z.ZodObject, B extends z.ZodObject, D extends z.ZodType>(def: CallDef<Q, B, D>) =>
  def;

export type QueryOf<C> = C extends CallDef<infer Q, z.ZodObject, z.ZodType> ? z.input<Q> : never;
export type BodyOf<C> = C extends CallDef<z.ZodObject, infer B, z.ZodType> ? z.input<B> : never;
export type DataOf<C> = C extends CallDef<z.ZodObject, z.ZodObject, infer D> ? z.output<D> : never;
