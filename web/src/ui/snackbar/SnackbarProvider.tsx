/**
 * The §2 snackbar: `useSnackbar().show(message, type)` queues a message; messages show one at
 * a time in the order given, each for 5 seconds (§9) or until its Close button is pressed.
 * Errors and warnings read as alerts, plain messages as a status. A message may carry one
 * action (Undo after Perform Now): pressing it runs it and closes the message.
 */
import { Alert, Button, IconButton, Snackbar, SnackbarContent } from "@mui/material";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { t } from "../../lib/strings";
import { CloseIcon } from "../icons";

export type SnackbarType = "message" | "error" | "warning";

/** A button on the message, such as Undo. */
export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

export interface SnackbarApi {
  show: (message: string, type?: SnackbarType, action?: SnackbarAction) => void;
}

export const SNACKBAR_MS = 5000;

interface Notice {
  id: number;
  message: string;
  type: SnackbarType;
  action?: SnackbarAction;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Notice[]>([]);
  const [open, setOpen] = useState(true);
  const nextId = useRef(0);

  const show = useCallback((message: string, type: SnackbarType = "message", action?: SnackbarAction) => {
    const id = nextId.current++;
    setQueue((queued) => [...queued, { id, message, type, action }]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);

  const current = queue[0];
  const close = (_event: unknown, reason?: string) => {
    // A click elsewhere on the page is not a dismissal; the timer or the Close button is.
    if (reason !== "clickaway") setOpen(false);
  };
  const showNext = () => {
    setQueue((queued) => queued.slice(1));
    setOpen(true);
  };
  const actions = (
    <>
      {current?.action && (
        <Button
          size="small"
          color="inherit"
          sx={{ fontWeight: 700 }}
          onClick={() => {
            setOpen(false);
            current.action?.onClick();
          }}
        >
          {current.action.label}
        </Button>
      )}
      <IconButton size="small" color="inherit" aria-label={t("close")} onClick={() => setOpen(false)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={SNACKBAR_MS}
          onClose={close}
          anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
          slotProps={{ transition: { onExited: showNext } }}
        >
          {current.type === "message" ? (
            <SnackbarContent role="status" message={current.message} action={actions} />
          ) : (
            <Alert severity={current.type} variant="filled" action={actions} sx={{ width: "100%" }}>
              {current.message}
            </Alert>
          )}
        </Snackbar>
      )}
    </SnackbarContext.Provider>
  );
}

/** The snackbar of the nearest `SnackbarProvider`. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error("useSnackbar needs a SnackbarProvider above it");
  return api;
}
