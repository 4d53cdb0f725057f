import { useEffect } from 'react';
import { mountWatermark } from './watermark-layer';

interface WatermarkProps {
  userName: string;
}

/** The user name and the page origin over every page, so a screenshot tells who took it and where. */
export function Watermark({ userName }: WatermarkProps) {
  useEffect(() => mountWatermark(document.body, [userName, window.location.origin]), [userName]);
  return null;
}
