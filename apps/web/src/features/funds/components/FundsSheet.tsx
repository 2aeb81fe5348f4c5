import { Popup } from "antd-mobile";
import { type ReactNode, useId } from "react";

export interface FundsSheetProps {
  visible: boolean;
  onClose: () => void;
  /** Shown as the sheet's heading and naming the dialog. */
  title: string;
  children: ReactNode;
}

/** A bottom sheet of the funds screens: a modal dialog named by its heading, closed by its mask or close button. */
export function FundsSheet({ visible, onClose, title, children }: FundsSheetProps) {
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      showCloseButton
      bodyClassName="funds-sheet"
      aria-label={title}
    >
      <section role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="funds-sheet__title">
          {title}
        </h2>
        {children}
      </section>
    </Popup>
  );
}
