import type { ComponentType } from "react";
import { GlobalOutline, HistogramOutline, LoopOutline } from "@/components/icons";
import { AppstoreOutline } from "@/components/outline-icons/AppstoreOutline";
import { ArrowDownCircleOutline } from "@/components/outline-icons/ArrowDownCircleOutline";
import { BillOutline } from "@/components/outline-icons/BillOutline";
import { CheckShieldOutline } from "@/components/outline-icons/CheckShieldOutline";
import { CollectMoneyOutline } from "@/components/outline-icons/CollectMoneyOutline";
import { MessageOutline } from "@/components/outline-icons/MessageOutline";
import { QuestionCircleOutline } from "@/components/outline-icons/QuestionCircleOutline";
import { SoundOutline } from "@/components/outline-icons/SoundOutline";
import { UpCircleOutline } from "@/components/outline-icons/UpCircleOutline";

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
