import { AutoCenter, Modal, type ModalProps } from "antd-mobile";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { trapFocus } from "./focus-trap";

let nextId = 0;

/**
 * antd-mobile's Modal renders plain divs: this marker, rendered inside the modal's content, gives the modal's body
 * the dialog semantics once it is in the document — role, aria-modal, a name (its title, else its text) and a
 * description — moves focus into it, keeps Tab inside it, closes it on Escape, and gives focus back on close.
 */
function DialogSemantics({ role, onEscape }: { role: "dialog" | "alertdialog"; onEscape: () => void }) {
  const marker = useRef<HTMLSpanElement>(null);
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useLayoutEffect(() => {
    const body = marker.current?.closest<HTMLElement>(".adm-modal-body");
    if (!body) return;
    const id = `app-dialog-${++nextId}`;
    const title = body.querySelector<HTMLElement>(".adm-modal-title");
    const content = body.querySelector<HTMLElement>(".adm-modal-content");
    if (title) title.id ||= `${id}-title`;
    if (content) content.id ||= `${id}-content`;
    body.setAttribute("role", role);
    body.setAttribute("aria-modal", "true");
    const labelledBy = title?.id ?? content?.id;
    if (labelledBy) body.setAttribute("aria-labelledby", labelledBy);
    if (title && content) body.setAttribute("aria-describedby", content.id);
    body.tabIndex = -1;
    body.style.outline = "none";

    return trapFocus(body, () => onEscapeRef.current(), body);
  }, [role]);

  return <span ref={marker} hidden />;
}

export interface DialogOptions {
  role: "dialog" | "alertdialog";
  title?: ReactNode;
  content: ReactNode;
  actions: NonNullable<ModalProps["actions"]>;
  /** Called once when the dialog goes away without an action (Escape). */
  onDismiss: () => void;
}

/** Shows an antd-mobile Modal that assistive technology announces as a modal dialog named by its title. */
export function showDialog({ role, title, content, actions, onDismiss }: DialogOptions): void {
  const handler = Modal.show({
    title,
    // A string is centred as antd-mobile's own Modal does; the marker then sits beside it.
    content: (
      <>
        {typeof content === "string" ? <AutoCenter>{content}</AutoCenter> : content}
        <DialogSemantics
          role={role}
          onEscape={() => {
            onDismiss();
            void handler.close();
          }}
        />
      </>
    ),
    actions,
    closeOnAction: true,
    onClose: onDismiss,
  });
}
