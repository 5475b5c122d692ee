export { fetchProductImage } from './image-fetch';
export { type ImageStore, localImageStore, s3ImageStore } from './image-store';
export { storeProductImage } from './uploads.service';
