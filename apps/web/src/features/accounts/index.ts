export { WalletWatcher } from "./components/WalletWatcher";
