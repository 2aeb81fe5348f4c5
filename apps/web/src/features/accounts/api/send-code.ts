import { accountCalls, type BodyOf } from "@cryptos/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type SendCodeInput = BodyOf<typeof accountCalls.emsSend>;

/** Emails a 6-digit code for `event`; the server allows one per email per 60 s. */
export const sendCode = (body: SendCodeInput) => api(accountCalls.emsSend, { body });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
