/** Strings of image fields: upload, remove, and why an image was refused. */
export const files = {
  noImage: "No image",
  imageUnavailable: "The image cannot be shown right now.",
  upload: "Upload",
  uploadImage: "Upload {label}",
  remove: "Remove",
  removeImage: "Remove {label}",
  fileWrongType: "Choose a PNG or JPEG image.",
  fileEmpty: "This file is empty.",
  fileTooLarge: "This image is too large. The limit is {max} MB.",
  fileUploadRefused: "The image was not saved: {reason}",
  fileOffline: "Images can be uploaded only while the device is online.",
};
