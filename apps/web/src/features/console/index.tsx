import { Navigate, Route, Switch } from "@/lib/router";
import "./console.css";
import { ConsoleLayout } from "./components/ConsoleLayout";
import { useOperatorToken } from "./lib/operator-session";
import { Audit } from "./pages/Audit";
import { Chains } from "./pages/Chains";
import { Channels } from "./pages/Channels";
import { Dashboard } from "./pages/Dashboard";
import { Deposits } from "./pages/Deposits";
import { FundsSettingsScreen } from "./pages/FundsSettings";
import { Incidents } from "./pages/Incidents";
import { Ledger } from "./pages/Ledger";
import { Login } from "./pages/Login";
import { Networks } from "./pages/Networks";
import { News } from "./pages/News";
import { Outbox } from "./pages/Outbox";
import { Pairs } from "./pages/Pairs";
import { RealNames } from "./pages/RealNames";
import { Reserves } from "./pages/Reserves";
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
          <Switch>
            <Route path="/admin" component={Dashboard} />
            <Route path="/admin/ledger" component={Ledger} />
            <Route path="/admin/incidents" component={Incidents} />
            <Route path="/admin/deposits" component={Deposits} />
            <Route path="/admin/withdrawals" component={Withdrawals} />
            <Route path="/admin/real-names" component={RealNames} />
            <Route path="/admin/users" component={Users} />
            <Route path="/admin/users/:uid" component={UserDetail} />
            <Route path="/admin/pairs" component={Pairs} />
            <Route path="/admin/updown" component={UpDown} />
            <Route path="/admin/staking" component={Staking} />
            <Route path="/admin/channels" component={Channels} />
            <Route path="/admin/networks" component={Networks} />
            <Route path="/admin/chains" component={Chains} />
            <Route path="/admin/reserves" component={Reserves} />
            <Route path="/admin/funds" component={FundsSettingsScreen} />
            <Route path="/admin/webview" component={Webview} />
            <Route path="/admin/news" component={News} />
            <Route path="/admin/outbox" component={Outbox} />
            <Route path="/admin/audit" component={Audit} />
            <Route path="/admin/security" component={Security} />
            <Route>
              <Navigate to="/admin" replace />
            </Route>
          </Switch>
        </ConsoleLayout>
      )}
    </div>
  );
}
