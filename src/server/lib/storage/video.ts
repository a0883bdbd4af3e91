import { boxesIn, freeBox, MalformedMediaError, readBrands, walkBudget, type Box } from './bmff';
import { FileWindow } from './file-window';
import { cleanWebm } from './webm';

/**
 * ISO brands of the MP4 and QuickTime files that phones, cameras and editors write. file-type
 * calls any ftyp with an unknown brand MP4; we want one we know in the major or compatible list.
 */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'qt  ',
  'XAVC',
  'MSNV',
  'mmp4',
  'dash',
]);

/**
 * User data (udta: Android's ©xyz location, camera make and model, dates), metadata (meta:
 * iPhone's com.apple.quicktime.location.ISO6709 and the rest of its keys) and vendor extension
 * boxes (uuid: XMP, which can hold GPS). None is needed to play the video.
 */
const STRIPPED_BOXES = new Set(['udta', 'meta', 'uuid']);
/** Where those boxes are looked for below the movie box. */
const MOVIE_CONTAINERS = new Set(['trak', 'mdia', 'minf']);

/**
 * Checks that an uploaded video really is the container its first bytes claim, and removes what
 * can carry the member's location, in place on the spooled file (positional writes, nothing is
 * read whole). MP4 and MOV: a well-formed ftyp first with a known brand, every top-level box
 * fitting the file, exactly one moov; udta, meta and uuid boxes at the top level and anywhere in
 * moov > trak > mdia > minf are renamed `free` and zeroed, which keeps every offset (stco, co64)
 * valid. WebM: an EBML header with DocType webm, a Segment with Tracks; Tags and Attachments are
 * turned into Void elements. Returns what was removed. Throws MalformedMediaError otherwise.
 */
export async function cleanVideo(file: string, mime: string): Promise<string[]> {
  const window = await FileWindow.open(file, true);
  try {
    return mime === 'video/webm' ? await cleanWebm(window) : await cleanIsoVideo(window);
  } finally {
    await window.close();
  }
}

async function cleanIsoVideo(file: FileWindow): Promise<string[]> {
  const budget = walkBudget();
  const stripped: string[] = [];
  let ftyp: Box | undefined;
  let movies = 0;
  for await (const box of boxesIn(file, 0, file.size, budget, true)) {
    if (!ftyp) {
      ftyp = box;
      const brands = await readBrands(file, box);
      if (!brands.some((brand) => VIDEO_BRANDS.has(brand))) {
        throw new MalformedMediaError(`brands ${brands.join(',')}`);
      }
    } else if (box.type === 'moov') {
      movies++;
      await stripInside(file, box, 'moov', budget, stripped);
    } else if (STRIPPED_BOXES.has(box.type)) {
      await freeBox(file, box);
      stripped.push(box.type);
    }
  }
  if (movies !== 1) throw new MalformedMediaError(`${movies} moov boxes`);
  return stripped;
}

async function stripInside(
  file: FileWindow,
  parent: Box,
  path: string,
  budget: ReturnType<typeof walkBudget>,
  stripped: string[],
): Promise<void> {
  for await (const box of boxesIn(file, parent.payload, parent.end, budget)) {
    if (STRIPPED_BOXES.has(box.type)) {
      await freeBox(file, box);
      stripped.push(`${path}/${box.type}`);
    } else if (MOVIE_CONTAINERS.has(box.type)) {
      await stripInside(file, box, `${path}/${box.type}`, budget, stripped);
    }
  }
}
