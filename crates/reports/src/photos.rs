//! Field evidence in a PDF: the photos a record names (`photos/{hex}.jpg`) as small thumbnails
//! made here from the stored JPEGs, and visit signatures (`signatures/{hex}.png`). A photo not
//! (yet) in the store prints as 'Photo not yet uploaded'; one that does not decode is left out.
//! Two images are decoded at a time and only the thumbnails are kept, so a report's memory
//! grows by the thumbnails (a few KiB each), never by the full-size photos.

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::Arc;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, GrayImage, ImageFormat, ImageReader, Limits, RgbImage};
use serde_json::Value;
use tokio::sync::Semaphore;

use super::render_pdf::{Images, StoredFile};

/// Longest side of a photo's thumbnail, in pixels (about 1.1 inch at 220 dpi).
pub const THUMBNAIL_SIDE: u32 = 240;
/// Longest side of a printed signature.
const SIGNATURE_SIDE: u32 = 600;
const THUMBNAIL_QUALITY: u8 = 75;
/// Photos a record may name (the record rule), read from the stored JSON.
const PER_RECORD: usize = 10;
/// Thumbnails one report prints; past them a photo is named, not printed, so a company-wide
/// report over a long period stays bounded.
pub const MAX_PER_REPORT: usize = 1_000;
/// Images decoded at once.
const DECODING: usize = 2;
/// A decode that would need more than this is refused (a 12-megapixel photo needs 36 MB).
const MAX_DECODED_BYTES: u64 = 64 * 1024 * 1024;

/// What the PDF prints for a named image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Printed {
    /// The thumbnail (JPEG for photos, PNG for signatures).
    Image(Arc<Vec<u8>>),
    /// Not in the store (yet): the device has not uploaded it.
    NotUploaded,
    /// Past the report's limit of printed photos.
    OverLimit,
    /// Does not decode, or could not be read: left out, as a logo would be.
    LeftOut,
}

/// The thumbnails of a report, by file name.
#[derive(Debug, Default)]
pub struct Evidence {
    pub printed: HashMap<String, Printed>,
}

impl Evidence {
    pub fn get(&self, name: &str) -> &Printed {
        self.printed.get(name).unwrap_or(&Printed::LeftOut)
    }

    /// Reads the images `names` name (each once, in order), two at a time.
    pub async fn load(images: &impl Images, names: Vec<String>) -> Evidence {
        let mut printed = HashMap::new();
        let mut wanted = Vec::new();
        for name in names {
            if printed.contains_key(&name) {
                continue;
            }
            let kind = if is_photo(&name) {
                Some(ImageFormat::Jpeg)
            } else if is_signature(&name) {
                Some(ImageFormat::Png)
            } else {
                None
            };
            let Some(format) = kind else {
                printed.insert(name, Printed::LeftOut);
                continue;
            };
            if format == ImageFormat::Jpeg && wanted.iter().filter(|(_, f)| *f == ImageFormat::Jpeg).count() >= MAX_PER_REPORT {
                printed.insert(name, Printed::OverLimit);
                continue;
            }
            printed.insert(name.clone(), Printed::LeftOut);
            wanted.push((name, format));
        }
        let turns = Semaphore::new(DECODING);
        let made = futures_util::future::join_all(wanted.into_iter().map(|(name, format)| {
            let turns = &turns;
            async move {
                let _turn = turns.acquire().await.expect("the semaphore is never closed");
                let result = match images.file(&name).await {
                    StoredFile::Found(bytes) => match tokio::task::spawn_blocking(move || thumbnail(&bytes, format)).await.ok().flatten() {
                        Some(small) => Printed::Image(Arc::new(small)),
                        None => {
                            tracing::warn!(file = name, "report photo does not decode; printing without it");
                            Printed::LeftOut
                        }
                    },
                    StoredFile::Missing => Printed::NotUploaded,
                    StoredFile::Unreadable => Printed::LeftOut,
                };
                (name, result)
            }
        }))
        .await;
        printed.extend(made);
        Evidence { printed }
    }
}

/// `photos/{32 lowercase hex}.jpg`.
pub fn is_photo(name: &str) -> bool {
    name.strip_prefix("photos/").and_then(|rest| rest.strip_suffix(".jpg")).is_some_and(is_hex_id)
}

/// `signatures/{32 lowercase hex}.png`.
pub fn is_signature(name: &str) -> bool {
    name.strip_prefix("signatures/").and_then(|rest| rest.strip_suffix(".png")).is_some_and(is_hex_id)
}

fn is_hex_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The photo names of a stored record's `photos` (at most ten, the record rule).
pub fn photo_names(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|name| is_photo(name))
        .take(PER_RECORD)
        .map(str::to_string)
        .collect()
}

/// A stored history record's photos: its own, then its checklist answers'.
pub fn history_photo_names(record: &Value) -> Vec<String> {
    let mut names = photo_names(record.get("photos"));
    for answer in record.get("questionnaireAnswers").and_then(Value::as_array).into_iter().flatten() {
        names.extend(photo_names(answer.get("photos")));
    }
    names
}

/// A small copy of an image: a JPEG photo's thumbnail (longest side [`THUMBNAIL_SIDE`]), or a
/// PNG signature no wider than [`SIGNATURE_SIDE`]. None when it does not decode.
pub fn thumbnail(bytes: &[u8], format: ImageFormat) -> Option<Vec<u8>> {
    let image = if format == ImageFormat::Jpeg { decode_scaled_jpeg(bytes)? } else { decode(bytes, format)? };
    let (side, out_format) =
        if format == ImageFormat::Png { (SIGNATURE_SIDE, ImageFormat::Png) } else { (THUMBNAIL_SIDE, ImageFormat::Jpeg) };
    // The full-size image is dropped as soon as its small copy is made.
    let small = if image.width().max(image.height()) > side {
        let small = image.thumbnail(side, side);
        drop(image);
        small
    } else {
        image
    };
    let mut out = Cursor::new(Vec::new());
    if out_format == ImageFormat::Png {
        small.write_to(&mut out, ImageFormat::Png).ok()?;
    } else {
        DynamicImage::ImageRgb8(small.to_rgb8()).write_with_encoder(JpegEncoder::new_with_quality(&mut out, THUMBNAIL_QUALITY)).ok()?;
    }
    Some(out.into_inner())
}

/// A JPEG decoded straight at a half, a quarter or an eighth of its size where that still covers
/// the thumbnail (the inverse DCT scales almost for free): a 1,600 px photo decodes at 400 px, in
/// a sixteenth of the memory of a full decode.
fn decode_scaled_jpeg(bytes: &[u8]) -> Option<DynamicImage> {
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    decoder.set_max_decoding_buffer_size(MAX_DECODED_BYTES as usize);
    decoder.read_info().ok()?;
    let (width, height) = decoder.scale(THUMBNAIL_SIDE as u16, THUMBNAIL_SIDE as u16).ok()?;
    let pixels = decoder.decode().ok()?;
    let (width, height) = (u32::from(width), u32::from(height));
    match decoder.info()?.pixel_format {
        jpeg_decoder::PixelFormat::RGB24 => RgbImage::from_raw(width, height, pixels).map(DynamicImage::ImageRgb8),
        jpeg_decoder::PixelFormat::L8 => GrayImage::from_raw(width, height, pixels).map(DynamicImage::ImageLuma8),
        // Rare in photos (16-bit grey, CMYK): the full decoder knows them.
        _ => decode(bytes, ImageFormat::Jpeg),
    }
}

fn decode(bytes: &[u8], format: ImageFormat) -> Option<DynamicImage> {
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    reader.decode().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PHOTO: &str = "photos/0123456789abcdef0123456789abcdef.jpg";
    const MISSING: &str = "photos/ffffffffffffffffffffffffffffffff.jpg";
    const BROKEN: &str = "photos/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg";
    const SIGNATURE: &str = "signatures/0123456789abcdef0123456789abcdef.png";

    fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]))
            .write_to(&mut out, format)
            .unwrap();
        out.into_inner()
    }

    struct Store(HashMap<String, Vec<u8>>);

    impl Images for Store {
        async fn image(&self, _kind: super::super::render_pdf::ImageKind, _name: &str) -> Option<Vec<u8>> {
            None
        }

        async fn file(&self, name: &str) -> StoredFile {
            self.0.get(name).cloned().map(StoredFile::Found).unwrap_or(StoredFile::Missing)
        }
    }

    #[test]
    fn names_are_the_contracts() {
        assert!(is_photo(PHOTO));
        assert!(!is_photo("photos/0123456789ABCDEF0123456789abcdef.jpg"));
        assert!(!is_photo("photos/../logos/0123456789abcdef0123456789abcdef.jpg"));
        assert!(!is_photo("logos/0123456789abcdef0123456789abcdef.jpg"));
        assert!(is_signature(SIGNATURE));
        assert!(!is_signature(PHOTO));
        let record = serde_json::json!({"photos": [PHOTO, "nonsense", 7], "questionnaireAnswers": [{"photos": [MISSING]}, {}]});
        assert_eq!(history_photo_names(&record), vec![PHOTO.to_string(), MISSING.to_string()]);
        let eleven: Vec<String> = (0..11).map(|n| format!("photos/{n:032x}.jpg")).collect();
        assert_eq!(photo_names(Some(&serde_json::json!(eleven))).len(), 10);
    }

    #[test]
    fn a_photo_becomes_a_small_jpeg() {
        let photo = encoded(ImageFormat::Jpeg, 1600, 1200);
        let small = thumbnail(&photo, ImageFormat::Jpeg).unwrap();
        let read = image::load_from_memory_with_format(&small, ImageFormat::Jpeg).unwrap();
        assert_eq!((read.width(), read.height()), (240, 180));
        assert!(small.len() < photo.len() / 4, "{} of {}", small.len(), photo.len());
        let signature = encoded(ImageFormat::Png, 1200, 400);
        let read = image::load_from_memory_with_format(&thumbnail(&signature, ImageFormat::Png).unwrap(), ImageFormat::Png).unwrap();
        assert_eq!((read.width(), read.height()), (600, 200));
        assert!(thumbnail(b"not a jpeg", ImageFormat::Jpeg).is_none());
    }

    #[test]
    fn a_photo_decoded_at_a_fraction_keeps_its_shape_and_colours() {
        let size = |bytes: &[u8]| {
            let read = image::load_from_memory_with_format(&thumbnail(bytes, ImageFormat::Jpeg).unwrap(), ImageFormat::Jpeg).unwrap();
            (read.width(), read.height())
        };
        assert_eq!(size(&encoded(ImageFormat::Jpeg, 900, 1600)), (135, 240));
        assert_eq!(size(&encoded(ImageFormat::Jpeg, 4000, 3000)), (240, 180));
        // Smaller than a thumbnail: printed as it is.
        assert_eq!(size(&encoded(ImageFormat::Jpeg, 200, 150)), (200, 150));

        let mut red = Cursor::new(Vec::new());
        image::RgbImage::from_pixel(1600, 1200, image::Rgb([200, 30, 40])).write_to(&mut red, ImageFormat::Jpeg).unwrap();
        let read = image::load_from_memory(&thumbnail(red.get_ref(), ImageFormat::Jpeg).unwrap()).unwrap().to_rgb8();
        let [r, g, b] = read.get_pixel(120, 90).0;
        assert!(r.abs_diff(200) < 8 && g.abs_diff(30) < 8 && b.abs_diff(40) < 8, "{r} {g} {b}");

        let mut grey = Cursor::new(Vec::new());
        image::GrayImage::from_pixel(1600, 1200, image::Luma([77])).write_to(&mut grey, ImageFormat::Jpeg).unwrap();
        let read = image::load_from_memory(&thumbnail(grey.get_ref(), ImageFormat::Jpeg).unwrap()).unwrap().to_luma8();
        assert_eq!((read.width(), read.height()), (240, 180));
        assert!(read.get_pixel(10, 10).0[0].abs_diff(77) < 4);

        let photo = encoded(ImageFormat::Jpeg, 1600, 1200);
        assert!(thumbnail(&photo[..600], ImageFormat::Jpeg).is_none(), "a photo cut short does not decode");
    }

    #[tokio::test]
    async fn stored_missing_and_broken_photos_print_as_their_rule() {
        let store = Store(HashMap::from([
            (PHOTO.to_string(), encoded(ImageFormat::Jpeg, 800, 600)),
            (BROKEN.to_string(), b"\xFF\xD8\xFF not really".to_vec()),
            (SIGNATURE.to_string(), encoded(ImageFormat::Png, 300, 100)),
        ]));
        let names = [PHOTO, MISSING, BROKEN, SIGNATURE, PHOTO].map(str::to_string).to_vec();
        let evidence = Evidence::load(&store, names).await;
        assert!(matches!(evidence.get(PHOTO), Printed::Image(_)));
        assert!(matches!(evidence.get(SIGNATURE), Printed::Image(_)));
        assert_eq!(evidence.get(MISSING), &Printed::NotUploaded);
        assert_eq!(evidence.get(BROKEN), &Printed::LeftOut);
    }
}
