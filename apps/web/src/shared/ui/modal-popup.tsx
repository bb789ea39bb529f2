import CenterPopup, { type CenterPopupProps } from 'antd-mobile/es/components/center-popup';
import Popup from 'antd-mobile/es/components/popup';
import { type ReactNode, useEffect, useRef } from 'react';
import { trapFocus } from './focus-trap';

interface DialogProps {
  visible: boolean;
  onClose: () => void;
  /** The dialog's name: a label, or the id of its heading. */
  label?: string;
  labelledBy?: string;
  /** A tap on the mask and Escape close it (true); false where it must be answered by its buttons. */
  dismissible?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** The dialog inside an antd-mobile popup: named, modal, and holding the keyboard's focus while open. */
function DialogBox({
  visible,
  onClose,
  label,
  labelledBy,
  dismissible,
  className,
  testId,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!visible || !ref.current) return;
    return trapFocus(ref.current, { onEscape: dismissible ? () => close.current() : undefined });
  }, [visible, dismissible]);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      className={className}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** A popup from an edge of the screen (a bottom sheet, the home drawer) as a modal dialog. */
export function ModalPopup({
  position = 'bottom',
  bodyClassName,
  dismissible = true,
  ...dialog
}: DialogProps & { position?: 'bottom' | 'left'; bodyClassName?: string }) {
  return (
    <Popup
      visible={dialog.visible}
      position={position}
      onMaskClick={dismissible ? dialog.onClose : undefined}
      onClose={dialog.onClose}
      bodyClassName={bodyClassName}
    >
      <DialogBox {...dialog} dismissible={dismissible} />
    </Popup>
  );
}

/** A popup in the middle of the screen as a modal dialog. */
export function ModalCenterPopup({
  bodyClassName,
  style,
  dismissible = true,
  ...dialog
}: DialogProps & { bodyClassName?: string; style?: CenterPopupProps['style'] }) {
  return (
    <CenterPopup
      visible={dialog.visible}
      onMaskClick={dismissible ? dialog.onClose : undefined}
      onClose={dialog.onClose}
      bodyClassName={bodyClassName}
      style={style}
    >
      <DialogBox {...dialog} dismissible={dismissible} />
    </CenterPopup>
  );
}
