export { type Atlas14Answer, type Atlas14Service, createAtlas14Service } from './atlas14.service';
export { type Atlas14Fill, createAtlas14Fill } from './atlas14-fill';
