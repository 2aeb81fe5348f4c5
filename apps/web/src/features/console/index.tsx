import { Navigate, Route, Routes } from "react-router";
import "./console.css";
import { ConsoleLayout } from "./components/ConsoleLayout";
import { useOperatorToken } from "./lib/operator-session";
import { Audit } from "./pages/Audit";
import { Channels } from "./pages/Channels";
import { Dashboard } from "./pages/Dashboard";
import { Deposits } from "./pages/Deposits";
import { FundsSettingsScreen } from "./pages/FundsSettings";
import { Ledger } from "./pages/Ledger";
import { Login } from "./pages/Login";
import { Networks } from "./pages/Networks";
import { News } from "./pages/News";
import { Outbox } from "./pages/Outbox";
import { Pairs } from "./pages/Pairs";
import { RealNames } from "./pages/RealNames";
import { Security } from "./pages/Security";
import { Staking } from "./pages/Staking";
import { UpDown } from "./pages/UpDown";
import { UserDetail } from "./pages/UserDetail";
import { Users } from "./pages/Users";
import { Webview } from "./pages/Webview";
import { Withdrawals } from "./pages/Withdrawals";

/**
 * The operator console under `#/admin/*`: its own chunk (lazy in app/routes.tsx), its own session (the operator
 * token, never the user's), a desktop layout. Without an operator token every path shows the login.
 */
export default function ConsoleApp() {
  const token = useOperatorToken();
  return (
    <div className="console">
      {token === null ? (
        <Login />
      ) : (
        <ConsoleLayout>
          <Routes>
            <Route index element={<Dashboard />} />
            <Route path="ledger" element={<Ledger />} />
            <Route path="deposits" element={<Deposits />} />
            <Route path="withdrawals" element={<Withdrawals />} />
            <Route path="real-names" element={<RealNames />} />
            <Route path="users" element={<Users />} />
            <Route path="users/:uid" element={<UserDetail />} />
            <Route path="pairs" element={<Pairs />} />
            <Route path="updown" element={<UpDown />} />
            <Route path="staking" element={<Staking />} />
            <Route path="channels" element={<Channels />} />
            <Route path="networks" element={<Networks />} />
            <Route path="funds" element={<FundsSettingsScreen />} />
            <Route path="webview" element={<Webview />} />
            <Route path="news" element={<News />} />
            <Route path="outbox" element={<Outbox />} />
            <Route path="audit" element={<Audit />} />
            <Route path="security" element={<Security />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        </ConsoleLayout>
      )}
    </div>
  );
}
