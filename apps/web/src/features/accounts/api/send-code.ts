import type { BodyOf, Calls } from "@cryptos/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type SendCodeInput = BodyOf<Calls["sendEmailCode"]>;

/** Emails a 6-digit code for `event`; the server allows one per email per 60 s. */
export const sendCode = (body: SendCodeInput) => api("sendEmailCode", { body });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
