/**
 * Vitest runs setup files before every test file, isolated or not: hooks registered here belong to
 * that file, so what one file leaves behind is cleaned up when it ends.
 */
import { afterAll } from 'vitest';
import { removeTempTrees } from './temp-tree.js';

afterAll(removeTempTrees);
