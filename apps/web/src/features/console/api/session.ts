import { adminLoginRefusalData, type BodyOf, calls } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api";
import { operatorApi } from "../lib/operator-api";
import { operatorSession } from "../lib/operator-session";
import { CONSOLE_KEY } from "./keys";

export type OperatorLoginInput = BodyOf<typeof calls.adminLogin>;

export const loginOperator = (body: OperatorLoginInput) => operatorApi(calls.adminLogin, { body });
export const logoutOperator = () => operatorApi(calls.adminLogout);

/** The server refused the login because the operator has two-step sign-in on and the code was missing or wrong. */
export const needsTotpCode = (error: unknown) =>
  error instanceof ApiError && adminLoginRefusalData.safeParse(error.data).success;

export function useOperatorLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: loginOperator,
    onSuccess: (data) => {
      client.removeQueries({ queryKey: CONSOLE_KEY });
      operatorSession.signIn(data.token, data.operator.email);
    },
  });
}

/** Revokes the token on the server; the console forgets it even when the server cannot be reached. */
export function useOperatorLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logoutOperator,
    onSettled: () => {
      operatorSession.clear();
      client.removeQueries({ queryKey: CONSOLE_KEY });
    },
  });
}
