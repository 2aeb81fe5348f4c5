/** The server's answer to a refused form, read out by screen readers as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="accounts-form-error" role="alert">
      {message}
    </div>
  );
}
