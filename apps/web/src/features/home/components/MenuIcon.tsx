import type { ComponentType } from "react";
import {
  AppstoreOutline,
  ArrowDownCircleOutline,
  BillOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  GlobalOutline,
  HistogramOutline,
  LoopOutline,
  MessageOutline,
  QuestionCircleOutline,
  SoundOutline,
  UpCircleOutline,
} from "@/components/icons";

type Icon = ComponentType<{ className?: string }>;

/** The server names an icon by key; an unknown key (an operator's new entry) gets a neutral one. */
const ICONS: Record<string, Icon> = {
  deposit: ArrowDownCircleOutline,
  withdraw: UpCircleOutline,
  exchange: LoopOutline,
  staking: CollectMoneyOutline,
  trade: HistogramOutline,
  bills: BillOutline,
  verify: CheckShieldOutline,
  help: QuestionCircleOutline,
  messages: MessageOutline,
  announcement: SoundOutline,
  language: GlobalOutline,
};

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Component = ICONS[name] ?? AppstoreOutline;
  return <Component className={className} />;
}
