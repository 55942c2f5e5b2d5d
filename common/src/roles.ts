/**
 * The professional role catalogue: SPEC §3's 47 roles in four categories, then the core crew
 * roles a production hires every day (issue 31), appended so every SPEC role keeps its id and order.
 * `icon` names a lucide icon; the client maps names to components, the server stores the name.
 */
export const ROLE_CATEGORIES = ['pre-production', 'production', 'post-production', 'cast'] as const;
export type RoleCategory = (typeof ROLE_CATEGORIES)[number];

export const ROLE_CATEGORY_LABELS: Record<RoleCategory, string> = {
  'pre-production': 'Pre-production',
  production: 'Production',
  'post-production': 'Post-production',
  cast: 'Cast',
};

export interface RoleDefinition {
  name: string;
  category: RoleCategory;
  icon: string;
  /** The department on a crew list ("Camera", "Grip & Electric"); SPEC's roles have none. */
  department?: string;
}

const role = (category: RoleCategory, name: string, icon: string, department?: string): RoleDefinition =>
  department === undefined ? { name, category, icon } : { name, category, icon, department };

const camera = (name: string, icon: string) => role('production', name, icon, 'Camera');
const gripElectric = (name: string, icon: string) => role('production', name, icon, 'Grip & Electric');
const artWardrobe = (name: string, icon: string) => role('production', name, icon, 'Art & Wardrobe');
const office = (name: string, icon: string) => role('production', name, icon, 'Production Office');
const post = (name: string, icon: string) => role('post-production', name, icon, 'Post');

export const ROLE_CATALOGUE: readonly RoleDefinition[] = [
  role('pre-production', 'Director', 'clapperboard'),
  role('pre-production', 'Producer', 'briefcase'),
  role('pre-production', 'Screenwriter', 'pen-line'),
  role('pre-production', 'Casting Director', 'users'),
  role('pre-production', 'Location Scout', 'map-pin'),
  role('pre-production', 'Production Designer', 'ruler'),
  role('pre-production', 'Storyboard Artist', 'pencil'),
  role('pre-production', 'Production Manager', 'clipboard-list'),
  role('pre-production', 'Line Producer', 'calculator'),
  role('pre-production', 'Assistant Director', 'megaphone'),
  role('production', 'Cinematographer', 'camera'),
  role('production', 'Camera Operator', 'video'),
  role('production', 'Gaffer', 'lightbulb'),
  role('production', 'Grip', 'wrench'),
  role('production', 'Sound Mixer', 'sliders-horizontal'),
  role('production', 'Boom Operator', 'mic'),
  role('production', 'Costume Designer', 'shirt'),
  role('production', 'Makeup Artist', 'brush'),
  role('production', 'Hair Stylist', 'scissors'),
  role('production', 'Set Decorator', 'lamp'),
  role('production', 'Script Supervisor', 'file-text'),
  role('production', 'Stunt Coordinator', 'shield'),
  role('production', 'Special Effects Supervisor', 'flame'),
  role('post-production', 'Editor', 'scissors-line-dashed'),
  role('post-production', 'Composer', 'music'),
  role('post-production', 'Sound Designer', 'audio-waveform'),
  role('post-production', 'VFX Artist', 'sparkles'),
  role('post-production', 'Colorist', 'palette'),
  role('post-production', 'Post-production Supervisor', 'monitor-check'),
  role('post-production', 'Foley Artist', 'footprints'),
  role('post-production', 'Motion Graphics Designer', 'shapes'),
  role('post-production', 'Music Supervisor', 'headphones'),
  role('post-production', 'Dialogue Editor', 'message-square-text'),
  role('cast', 'Lead Actor', 'star'),
  role('cast', 'Lead Actress', 'star'),
  role('cast', 'Supporting Actor', 'user'),
  role('cast', 'Supporting Actress', 'user'),
  role('cast', 'Character Actor', 'drama'),
  role('cast', 'Child Actor', 'baby'),
  role('cast', 'Voice Actor', 'mic-vocal'),
  role('cast', 'Background Actor', 'users-round'),
  role('cast', 'Stunt Performer', 'zap'),
  role('cast', 'Stand-in', 'user-round'),
  role('cast', 'Body Double', 'copy'),
  role('cast', 'Featured Extra', 'user-check'),
  role('cast', 'Motion Capture Performer', 'scan-face'),
  role('cast', 'Ensemble Cast Member', 'users'),
  camera('First Assistant Camera', 'camera'),
  camera('Second Assistant Camera', 'camera'),
  camera('DIT', 'monitor-check'),
  camera('Steadicam Operator', 'video'),
  camera('Drone Operator', 'video'),
  gripElectric('Key Grip', 'wrench'),
  gripElectric('Best Boy Electric', 'lightbulb'),
  gripElectric('Best Boy Grip', 'wrench'),
  gripElectric('Dolly Grip', 'wrench'),
  gripElectric('Electrician', 'zap'),
  artWardrobe('Art Director', 'ruler'),
  artWardrobe('Props Master', 'lamp'),
  artWardrobe('Wardrobe Supervisor', 'shirt'),
  office('Production Coordinator', 'clipboard-list'),
  office('Production Assistant', 'clipboard-list'),
  office('Location Manager', 'map-pin'),
  post('Assistant Editor', 'scissors-line-dashed'),
  post('Re-recording Mixer', 'sliders-horizontal'),
];

/** How many roles SPEC §3 names; the catalogue's first entries, in SPEC's order. */
export const SPEC_ROLE_COUNT = 47;
