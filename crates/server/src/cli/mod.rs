//! Commands besides `serve`.

pub mod alerts;
pub mod due;
