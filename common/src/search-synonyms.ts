/**
 * Words crew use for the same job. A query containing any phrase of a group also matches every
 * other phrase of it ("DP" finds cinematographers). Lower case, words separated by single spaces.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['dp', 'dop', 'director of photography', 'cinematographer', 'cinematography'],
  ['ad', '1st ad', 'first ad', 'assistant director'],
  ['dit', 'digital imaging technician'],
  ['vfx', 'visual effects', 'vfx artist'],
  ['sfx', 'special effects'],
  ['sound recordist', 'sound mixer', 'production sound mixer', 'location sound'],
  ['mua', 'makeup artist', 'make up artist', 'makeup'],
  ['colorist', 'colourist', 'color grader', 'colour grader', 'grading'],
  ['pa', 'production assistant'],
  // "1st AC" is a first assistant camera only; a bare "AC" is either camera assistant.
  ['1st ac', 'first ac', 'first assistant camera', 'focus puller'],
  ['2nd ac', 'second ac', 'second assistant camera', 'clapper loader'],
  ['ac', 'camera assistant', 'assistant camera', 'first assistant camera', 'second assistant camera'],
  ['bbe', 'best boy electric'],
  ['bbg', 'best boy grip'],
  ['sparks', 'spark', 'electrician'],
  ['drone operator', 'drone pilot', 'uav pilot'],
  ['steadicam operator', 'steadicam op'],
  ['props master', 'property master', 'prop master'],
  ['re recording mixer', 'dubbing mixer'],
  ['upm', 'unit production manager', 'production manager'],
  ['gaffer', 'chief lighting technician'],
  ['editor', 'film editor', 'video editor'],
  ['mocap', 'motion capture'],
  ['extra', 'background actor', 'featured extra'],
  ['script supervisor', 'scripty', 'continuity'],
];
