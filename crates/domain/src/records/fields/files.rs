//! Names of the files a device names itself: photos and signatures.

use serde::Serialize;
use serde_json::Value;

use super::REQUIRED;

/// Whether `name` is `{folder}/{32 lowercase hex}.{extension}`: a file a device names itself.
pub fn is_device_file_name(name: &str, folder: &str, extension: &str) -> bool {
    name.strip_prefix(folder)
        .and_then(|rest| rest.strip_prefix('/'))
        .and_then(|rest| rest.strip_suffix(extension))
        .and_then(|rest| rest.strip_suffix('.'))
        .is_some_and(|hex| hex.len() == 32 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
}

/// The most photos one record (or one checklist answer) holds.
pub const MAX_PHOTOS: usize = 10;

/// A photo's file name, `photos/{32 lowercase hex}.jpg`: the device names it when it is taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PhotoName(pub String);

impl PhotoName {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(name) if is_device_file_name(&name, "photos", "jpg") => Ok(PhotoName(name)),
            _ => Err("must be a photo name like photos/<32 hex>.jpg".into()),
        }
    }
}

/// A signature's file name, `signatures/{32 lowercase hex}.png`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SignatureName(pub String);

impl SignatureName {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(name) if is_device_file_name(&name, "signatures", "png") => Ok(SignatureName(name)),
            Value::Null => Err(REQUIRED.into()),
            Value::String(name) if name.is_empty() => Err(REQUIRED.into()),
            _ => Err("must be a signature name like signatures/<32 hex>.png".into()),
        }
    }
}

read_with!(PhotoName, SignatureName);
