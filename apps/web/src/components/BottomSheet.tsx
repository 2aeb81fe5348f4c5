import { type ReactNode, useId } from "react";
import { Popup } from "./Popup";

export interface BottomSheetProps {
  visible: boolean;
  onClose: () => void;
  /** Shown as the sheet's heading and naming the dialog. */
  title: string;
  /** The feature's own class beside `bottom-sheet`, for its spacing and for tests to find the sheet. */
  className?: string;
  /** Runs once the sheet has slid away: reset a form there, not while it is still on screen. */
  afterClose?: () => void;
  /** Unmount the content when closed (a form that must start empty each time). */
  destroyOnClose?: boolean;
  children: ReactNode;
}

/**
 * A bottom sheet: a modal dialog named by its heading, closed by its mask, its close button or Escape; it holds
 * focus while open and gives it back on close (components/Popup).
 */
export function BottomSheet({
  visible,
  onClose,
  title,
  className,
  afterClose,
  destroyOnClose,
  children,
}: BottomSheetProps) {
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={afterClose}
      destroyOnClose={destroyOnClose}
      position="bottom"
      showCloseButton
      bodyClassName={className ? `bottom-sheet ${className}` : "bottom-sheet"}
      aria-label={title}
    >
      <section role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="bottom-sheet__title">
          {title}
        </h2>
        {children}
      </section>
    </Popup>
  );
}
