import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Emails the 6-digit code a withdrawal needs (event `withdraw`); one per email per 60 s. */
export const sendWithdrawCode = (email: string) => api("sendEmailCode", { body: { email, event: "withdraw" } });

export const useSendWithdrawCode = () => useMutation({ mutationFn: sendWithdrawCode });
