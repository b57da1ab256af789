//! `fieldtag serve`: open the store, bind, serve until SIGTERM or Ctrl-C.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use fieldtag_store::Store;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::app::router;
use crate::auth::tokens::{TokenKeys, new_signing_secret};
use crate::billing::Billing;
use crate::config::Config;
use crate::files::Files;
use crate::geocoder::Geocoder;
use crate::imports::runner::{ImportQueue, ImportRunner, RunnerContext};
use crate::mail::Mailer;
use crate::maintenance::Maintenance;
use crate::state::AppState;
use crate::sync_events::SyncEvents;
use crate::web_app::WebAssets;

/// Runs the server from the command line; the exit code says how it ended.
pub fn run(config: Config) -> ExitCode {
    init_tracing(&config.log_format);
    crate::allocator::bound_arenas();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("fieldtag: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let stop_asked = shutdown_signal();
        match start(config).await {
            Ok(server) => {
                stop_asked.await;
                tracing::info!("shutting down");
                server.stop().await;
                ExitCode::SUCCESS
            }
            Err(error) => {
                tracing::error!("{error:#}");
                eprintln!("fieldtag: {error:#}");
                ExitCode::FAILURE
            }
        }
    })
}

/// A server running in this process.
pub struct RunningServer {
    pub addr: SocketAddr,
    pub state: AppState,
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
    import_runner: ImportRunner,
    maintenance: Maintenance,
}

impl RunningServer {
    /// Stops taking connections, lets requests in flight finish, closes the store.
    pub async fn stop(self) {
        // Open streams would hold the graceful shutdown forever.
        self.state.sync_events.stop();
        let _ = self.stop.send(());
        self.maintenance.stop();
        self.import_runner.stop().await;
        if let Ok(Err(error)) = self.task.await {
            tracing::error!(%error, "server ended with an error");
        }
        self.state.store.close().await;
    }
}

/// Opens the store, prepares the app and starts serving in the background.
pub async fn start(config: Config) -> anyhow::Result<RunningServer> {
    let web_assets = WebAssets::new(config.web_dir.as_deref())?;
    let database_url = config.database_url();
    if database_url.starts_with("sqlite:") {
        std::fs::create_dir_all(&config.data_dir)
            .with_context(|| format!("cannot create the data directory {}", config.data_dir.display()))?;
    }
    let store = Store::connect(&database_url).await.context("cannot open the database")?;
    // Created at first start; sync cursors carry it (docs/sync.md).
    store.server_epoch().await.context("cannot read the server epoch")?;
    let secret = match &config.jwt_secret {
        Some(secret) if secret.len() >= 32 => secret.clone(),
        Some(_) => anyhow::bail!("FIELDTAG_JWT_SECRET must be at least 32 characters"),
        None => store.shared_secret("jwt", new_signing_secret).await.context("cannot read the signing secret")?,
    };
    let files_secret = store.shared_secret("files", new_signing_secret).await.context("cannot read the file link secret")?;
    let files = Files::open(&config.files, &config.data_dir, &files_secret)?;
    let listener =
        TcpListener::bind((config.bind, config.port)).await.with_context(|| format!("cannot listen on {}:{}", config.bind, config.port))?;
    let addr = listener.local_addr()?;
    let billing = Billing::from_config(&config.billing)?;
    let public_url = config.public_url(addr.port());
    let geocoder = config.geocoder_url.as_deref().map(|url| Geocoder::new(url, &public_url)).transpose()?.map(Arc::new);
    let mailer = Mailer::new(store.clone(), &config.mail_from, config.smtp_url.as_deref())?;
    let sync_events = SyncEvents::start(store.clone(), config.sync_event_limits());
    let state = AppState {
        store,
        tokens: Arc::new(TokenKeys::new(&secret, config.access_token_minutes * 60)),
        mailer: Arc::new(mailer),
        files: Arc::new(files),
        public_url,
        web_assets,
        billing,
        import_queue: ImportQueue::default(),
        safety_scan_url: config.safety_scan_url.clone(),
        geocoder,
        metrics: crate::metrics::MetricsAccess::new(config.metrics_token.as_deref()),
        client_address: crate::client_address::ClientAddress::new(&config.trusted_proxies),
        pdf_jobs: Arc::new(fieldtag_reports::PdfJobs::new(config.report_jobs(), config.report_queue.into())),
        sync_events,
    };
    let import_runner = ImportRunner::start(
        RunnerContext {
            store: state.store.clone(),
            safety_scan_url: state.safety_scan_url.clone(),
            mailer: state.mailer.clone(),
            public_url: state.public_url.clone(),
        },
        state.import_queue.clone(),
    );
    let maintenance = Maintenance::start(state.store.clone(), state.files.clone(), config.maintenance_every, config.evidence_sweep_every);
    let app = router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
            })
            .await
    });
    tracing::info!(%addr, database = engine_name(&state.store), files = state.files.describe(), billing = state.billing.describe(), version = env!("CARGO_PKG_VERSION"), "Fieldtag is listening");
    if state.web_assets.is_built().await {
        tracing::info!(from = state.web_assets.describe(), "serving the web app");
    } else {
        tracing::warn!(
            from = state.web_assets.describe(),
            "no web app to serve (no index.html): `/` answers 503; build it with `make build`"
        );
    }
    Ok(RunningServer { addr, state, stop, task, import_runner, maintenance })
}

fn engine_name(store: &Store) -> &'static str {
    match store.engine() {
        fieldtag_store::Engine::Sqlite => "sqlite",
        fieldtag_store::Engine::Postgres => "postgres",
    }
}

/// Ctrl-C or SIGTERM, heard from the call on: a supervisor may stop the server as soon as it
/// answers its health check, and a signal that came before its handler would kill the process
/// instead of stopping it cleanly.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        async fn heard(signal: Option<Signal>) {
            match signal {
                Some(mut signal) => {
                    signal.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        }
        // Each handler is installed here, as the argument is made; only the waiting is deferred.
        let interrupt = heard(signal(SignalKind::interrupt()).ok());
        let terminate = heard(signal(SignalKind::terminate()).ok());
        async move {
            tokio::select! {
                () = interrupt => {},
                () = terminate => {},
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn init_tracing(format: &str) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("FIELDTAG_LOG").unwrap_or_else(|_| EnvFilter::new("info,tower_http=warn,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if format == "json" {
        builder.json().init();
    } else {
        builder.init();
    }
}
