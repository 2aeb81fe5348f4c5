import type { ReactNode } from "react";
import { BottomSheet } from "@/components/BottomSheet";

interface SecuritySheetProps {
  visible: boolean;
  title: string;
  onClose: () => void;
  /** Runs once the sheet has slid away: reset its form there, not while it is still on screen. */
  afterClose: () => void;
  children: ReactNode;
}

/** The bottom sheet every security-center action opens in, named by its title; its form starts empty each time. */
export function SecuritySheet({ visible, title, onClose, afterClose, children }: SecuritySheetProps) {
  return (
    <BottomSheet
      visible={visible}
      onClose={onClose}
      afterClose={afterClose}
      destroyOnClose
      title={title}
      className="security-sheet"
    >
      {children}
    </BottomSheet>
  );
}
