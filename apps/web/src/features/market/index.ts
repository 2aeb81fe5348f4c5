export { PriceAlertToasts } from "./components/PriceAlertToasts";
