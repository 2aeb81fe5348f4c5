export { orderPath } from "@/lib/positions";
