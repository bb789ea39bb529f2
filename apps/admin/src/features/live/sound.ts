const STORAGE_KEY = 'console.order-sound';

/** Whether a new order plays a sound (on unless the operator switched it off; remembered). */
export const soundOn = () => localStorage.getItem(STORAGE_KEY) !== 'off';
export const setSoundOn = (on: boolean) => localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');

/** Two short tones, made on the spot (no file to load): a new order awaits review. */
export function chime(): void {
  if (!soundOn() || typeof AudioContext === 'undefined') return;
  const audio = new AudioContext();
  for (const [at, hz] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = hz;
    gain.gain.setValueAtTime(0.2, audio.currentTime + at);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.16);
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + at);
    tone.stop(audio.currentTime + at + 0.16);
  }
  setTimeout(() => void audio.close(), 600);
}
