import { Popup } from "antd-mobile";
import type { ReactNode } from "react";

interface SecuritySheetProps {
  visible: boolean;
  title: string;
  onClose: () => void;
  /** Runs once the sheet has slid away: reset its form there, not while it is still on screen. */
  afterClose: () => void;
  children: ReactNode;
}

/** The bottom sheet every security-center action opens in, named by its title. */
export function SecuritySheet({ visible, title, onClose, afterClose, children }: SecuritySheetProps) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={afterClose}
      position="bottom"
      showCloseButton
      bodyClassName="security-sheet"
      aria-label={title}
      destroyOnClose
    >
      <h2 className="security-sheet__title">{title}</h2>
      {children}
    </Popup>
  );
}
