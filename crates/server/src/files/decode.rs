//! Images are checked by decoding them whole, with the `image` crate (the decoder Typst uses
//! for the reports' images): a file whose first bytes say PNG but whose pixels are garbage is
//! refused at upload, and a report leaves out a stored image that does not decode.

use std::io::Cursor;
use std::sync::LazyLock;

use image::{ImageFormat, ImageReader, Limits};
use tokio::sync::Semaphore;

use super::names::ImageType;

/// Largest side and decoded size accepted: a scanned floor plan fits; a decompression bomb
/// (a small file that expands to gigabytes) does not.
const MAX_SIDE: u32 = 12_000;
const MAX_DECODED_BYTES: u64 = 256 * 1024 * 1024;
/// Decodes running at once, so parallel uploads cannot multiply that memory without bound.
static DECODING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(2));

/// Whether `bytes` decode whole as an image of `image_type` within the limits.
pub async fn decodes(image_type: ImageType, bytes: bytes::Bytes) -> bool {
    let Ok(_turn) = DECODING.acquire().await else { return false };
    tokio::task::spawn_blocking(move || decodes_now(image_type, &bytes)).await.unwrap_or(false)
}

fn decodes_now(image_type: ImageType, bytes: &[u8]) -> bool {
    let format = match image_type {
        ImageType::Png => ImageFormat::Png,
        ImageType::Jpeg => ImageFormat::Jpeg,
    };
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    reader.decode().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image::RgbImage::new(width, height).write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn whole_images_decode_and_damaged_ones_do_not() {
        let png = encoded(ImageFormat::Png, 4, 3);
        let jpeg = encoded(ImageFormat::Jpeg, 4, 3);
        assert!(decodes_now(ImageType::Png, &png));
        assert!(decodes_now(ImageType::Jpeg, &jpeg));
        assert!(!decodes_now(ImageType::Jpeg, &png));
        assert!(!decodes_now(ImageType::Png, &png[..png.len() / 2]));
        let mut garbage = png[..16].to_vec();
        garbage.extend_from_slice(b"not the rest of an image");
        assert!(!decodes_now(ImageType::Png, &garbage));
    }

    #[test]
    fn images_past_the_limits_are_refused() {
        // 13,000 x 1 pixels: a few bytes of PNG, wider than any side allowed.
        assert!(!decodes_now(ImageType::Png, &encoded(ImageFormat::Png, MAX_SIDE + 1, 1)));
    }
}
