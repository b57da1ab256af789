//! Commands besides `serve`.

pub mod alerts;
pub mod backup;
pub mod due;
pub mod seed_demo;
