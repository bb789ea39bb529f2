import { apiAssetUrl } from '@/shared/api/asset-url';
import styles from './game-tile.module.css';
import { LazyImage } from './lazy-image';

interface GameTileProps {
  name: string;
  /** The picture's path as the API answers it (mobile_img, gamepic). */
  image: string;
  onOpen: () => void;
}

/** A game of a grid (home's categories, /concise): its picture, loaded lazily, over its name; a tap opens it. */
export function GameTile({ name, image, onOpen }: GameTileProps) {
  return (
    <button type="button" className={styles.tile} onClick={onOpen} data-testid="game-tile">
      <LazyImage src={apiAssetUrl(image)} className={styles.picture} />
      <span className={styles.name}>{name}</span>
    </button>
  );
}
