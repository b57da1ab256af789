//! `fieldtag seed-demo`: a demo organisation (crate::demo) with a login the operator names,
//! kept until deleted — unlike the throw-away ones of POST /api/demo.

use std::process::ExitCode;

use clap::Args;
use fieldtag_domain::email::normalize_email;
use fieldtag_store::Store;
use jiff::Timestamp;

use crate::auth::passwords::{check_new_password, hash_password};
use crate::config::Config;
use crate::demo::{DemoOwner, SeedError, seed_demo};

#[derive(Debug, Args)]
pub struct SeedDemoArgs {
    /// The demo login.
    #[arg(long, default_value = "demo@fieldtag.local")]
    pub email: String,
    /// Its password.
    #[arg(long, default_value = "fieldtag demo")]
    pub password: String,
}

pub fn run(config: Config, args: SeedDemoArgs) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("fieldtag seed-demo: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(seed(&config, &args)) {
        Ok(org_id) => {
            println!("Demo organisation {org_id} is ready. Log in as {} with the password '{}'.", args.email.trim(), args.password);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("fieldtag seed-demo: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn seed(config: &Config, args: &SeedDemoArgs) -> Result<String, String> {
    let email = normalize_email(&args.email).ok_or("Email is not valid")?;
    check_new_password(&args.password).map_err(|e| e.message)?;
    let url = config.database_url();
    if url.starts_with("sqlite:") {
        std::fs::create_dir_all(&config.data_dir).map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
    }
    let store = Store::connect(&url).await.map_err(|e| format!("cannot open the database: {e}"))?;
    let hash = hash_password(args.password.clone()).await.map_err(|e| e.message)?;
    let owner = DemoOwner { name: "Dana Demo", email: &email, password_hash: &hash, throw_away: false };
    let seeded = match seed_demo(&store, &owner, Timestamp::now()).await {
        Err(SeedError::EmailInUse(email)) => return Err(format!("{email} already has an account; pass another --email")),
        other => other.map_err(|e| e.to_string())?,
    };
    store.close().await;
    Ok(seeded.org_id)
}
