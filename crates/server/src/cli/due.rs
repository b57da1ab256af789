//! `fieldtag due --input FILE|-`: what is due for one piece of equipment, from
//! records exactly as synced. Exit code 2 for input it cannot use.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

/// Reads the input, evaluates it, prints the result (or a message naming the field).
pub fn run(input: &Path, explain: bool) -> ExitCode {
    let text = if input == Path::new("-") {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(input)
    };
    let text = match text {
        Ok(text) => text,
        Err(error) => {
            eprintln!("fieldtag due: cannot read {}: {error}", input.display());
            return ExitCode::from(2);
        }
    };
    match fieldtag_domain::due::evaluate_json(&text, explain) {
        Ok(result) => {
            println!("{result}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("fieldtag due: {error}");
            ExitCode::from(2)
        }
    }
}
