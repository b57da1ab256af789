/**
 * The app's dialog (§2 Shared UI): centred on tablet and desktop, anchored to the bottom edge
 * and full width on mobile, opening in 150 ms (§9). The title names the dialog for assistive
 * technology.
 */
import { Dialog, DialogActions, DialogContent, DialogTitle, Fade, Slide, type DialogProps } from "@mui/material";
import type { TransitionProps } from "@mui/material/transitions";
import { useId, type ReactElement, type ReactNode, type Ref } from "react";
import { dialogTransitionMs, useDevice } from "./theme";

export interface ResponsiveDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Buttons along the bottom, usually Cancel then the main action. */
  actions?: ReactNode;
  children?: ReactNode;
  /** Width cap when centred; on mobile the dialog always spans the screen. */
  maxWidth?: DialogProps["maxWidth"];
}

function SlideUp(props: TransitionProps & { children: ReactElement<unknown, string>; ref?: Ref<unknown> }) {
  return <Slide direction="up" {...props} />;
}

export function ResponsiveDialog({ open, onClose, title, actions, children, maxWidth = "sm" }: ResponsiveDialogProps) {
  const bottomSheet = useDevice() === "mobile";
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={bottomSheet ? false : maxWidth}
      transitionDuration={dialogTransitionMs}
      slots={{ transition: bottomSheet ? SlideUp : Fade }}
      slotProps={{
        container: { sx: bottomSheet ? { alignItems: "flex-end" } : {} },
        paper: {
          sx: bottomSheet ? { m: 0, width: "100%", maxHeight: "90%", borderBottomLeftRadius: 0, borderBottomRightRadius: 0 } : {},
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children !== undefined && <DialogContent>{children}</DialogContent>}
      {actions !== undefined && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
