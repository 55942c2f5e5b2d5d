import { useEffect, useState } from 'react';
import { LIMITS } from '#common/limits';

/** What the server accepts for avatars and portfolio images (it decides from the bytes; this is a first check). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const WRONG_TYPE = 'Upload a JPEG, PNG, WebP or GIF image';
export const TOO_LARGE = `Images can be at most ${LIMITS.uploadMaxBytes / 1024 / 1024} MB`;

/** The checks the server makes, made first here so a wrong file is refused before it is sent. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return WRONG_TYPE;
  if (file.size > LIMITS.uploadMaxBytes) return TOO_LARGE;
  return null;
}

/** A local preview of a chosen file, released when the choice changes or the page goes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
