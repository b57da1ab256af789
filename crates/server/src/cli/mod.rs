//! Commands besides `serve`.

pub mod alerts;
pub mod due;
pub mod seed_demo;
