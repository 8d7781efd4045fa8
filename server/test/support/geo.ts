import { Gazetteer } from '../../src/geo/gazetteer';
import { GeoService } from '../../src/geo/service';
import { fileSnapshotCache } from '../../src/geo/snapshotCache';
import { testCacheDir } from './app';

/** A gazetteer on the run's shared cache: built by the first test that needs one, read by the others. */
export const testGazetteer = () => new Gazetteer(fileSnapshotCache(testCacheDir));
export const testGeoService = () => new GeoService(testGazetteer());
