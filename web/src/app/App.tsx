/** The whole app: theme, snackbar, session, router, and the crash page around them. */
import { CssBaseline, ThemeProvider } from "@mui/material";
import { RouterProvider, createBrowserRouter } from "react-router";
import { sendLog } from "../api/logs";
import { AuthProvider } from "../auth/AuthProvider";
import { ErrorBoundary } from "../ui/crash/ErrorBoundary";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider";
import { routes } from "./routes";
import { theme } from "../ui/theme";
import { UpdatePrompt } from "./UpdatePrompt";

const router = createBrowserRouter(routes);

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary sendLog={sendLog}>
        <SnackbarProvider>
          <AuthProvider>
            <RouterProvider router={router} />
            <UpdatePrompt />
          </AuthProvider>
        </SnackbarProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
