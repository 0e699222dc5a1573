import { useState } from 'react';
import { generateKeyPair, type KeyPairPem } from '../key-pair.ts';

/** Makes a key pair in the browser when asked; null when this browser cannot (the form then says so). */
export function useKeyPairMaker() {
  const [isGenerating, setIsGenerating] = useState(false);
  const make = async (): Promise<KeyPairPem | null> => {
    setIsGenerating(true);
    try {
      return await generateKeyPair();
    } catch {
      return null;
    } finally {
      setIsGenerating(false);
    }
  };
  return { isGenerating, make };
}
