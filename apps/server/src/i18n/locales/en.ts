/**
 * Server messages, English (the source). Every other locale file must define every key (checked by its
 * `satisfies Messages`). Placeholders in braces are filled by `translate`.
 */
export const en = {
  ok: "Success",
  not_available: "This feature is not available yet",
  not_found: "No such page or call: {path}",
  unauthorized: "Please sign in to continue",
  session_expired: "Your session has expired, please sign in again",
  forbidden: "You are not allowed to do this",
  rate_limited: "Too many requests, please try again in {seconds} seconds",
  server_error: "Something went wrong on our side, please try again",
  bad_json: "The request body is not valid JSON",
  body_too_large: "The request is too large",
  unsupported_media_type: "This content type is not accepted",

  // Validation: {field} is the name of the field that is wrong.
  field_required: "{field} is required",
  field_type: "{field} must be {expected}",
  field_too_short_string: "{field} must be at least {min} characters",
  field_too_long_string: "{field} must be at most {max} characters",
  field_too_small_number: "{field} must be at least {min}",
  field_too_big_number: "{field} must be at most {max}",
  field_too_few_items: "{field} needs at least {min} items",
  field_too_many_items: "{field} takes at most {max} items",
  field_one_of: "{field} must be one of: {options}",
  field_invalid: "{field} is not valid",
  field_unknown: "{field} is not an accepted field",
  invalid_amount: "{field} must be an amount such as 10 or 10.5",
  too_many_decimals: "{field} has too many decimal places",
  must_be_positive: "{field} must be greater than zero",
  amount_too_large: "{field} is too large: at most 15 digits before the decimal point",
  invalid_email: "{field} must be an email address",
  invalid_code: "{field} must be the 6-digit code",
  invalid_address: "{field} must be a wallet address: 0x and 40 hexadecimal characters",
  weak_password: "{field} must contain at least one letter and one digit",
  invalid_currency: "{field} must be a currency code such as USDT",

  type_string: "text",
  type_number: "a number",
  type_integer: "a whole number",
  type_array: "a list",
  type_object: "an object",
  type_boolean: "true or false",

  sms_not_configured: "SMS is not configured on this server; please use email",
};

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
