/** hls.js ships no types for its light build; it is the same class with fewer features. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
