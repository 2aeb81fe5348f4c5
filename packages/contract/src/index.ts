export * from "./calls";
export * from "./constants";
export * from "./enums";
export * from "./envelope";
export * from "./locales";
export * from "./routes";
export * from "./validators";
export * from "./ws";
